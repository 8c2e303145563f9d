import type { SearchBugsResult } from '@tracker/contracts';
import { fieldSelection } from '@tracker/field-filter';
import { ALL_ROUTES } from '@tracker/gateway';
import type { MessageBus } from '@tracker/platform/messaging';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, BugCalls, type Caller, BugsWorld } from '../support/bugs-world';

const SEARCH_ROUTE = ALL_ROUTES.flatMap((source) => source({} as MessageBus)).find(
  (route) => route.method === 'GET' && route.path === '/bug',
);

/** What the gateway answers for `full` (an `_all` search) with these lists: its own filter on the full path's bugs. */
function filteredByGateway(full: SearchBugsResult, include?: string, exclude?: string): string {
  if (!SEARCH_ROUTE?.filterResponse) throw new Error('no search route with a filter');
  return JSON.stringify(SEARCH_ROUTE.filterResponse(full, fieldSelection(include, exclude)));
}

/** include_fields / exclude_fields: sets served by SQL alone, and sets that need the full bug. */
const FIELD_SETS: ReadonlyArray<readonly [include: string | undefined, exclude?: string]> = [
  ['id,summary,status'],
  ['summary'],
  ['id,product,component,classification,version,target_milestone,platform,op_sys,priority,severity,resolution,is_open,url,whiteboard'],
  ['alias,keywords,see_also,groups,blocks,depends_on,dupe_of,deadline'],
  ['id,creation_time,last_change_time,is_confirmed,is_cc_accessible,is_creator_accessible'],
  ['id,estimated_time,remaining_time,actual_time'],
  ['id,flags'],
  ['flags,status'],
  ['_default', 'assigned_to,cc,creator,qa_contact'],
  ['id,nope'],
  ['_all'],
  ['_default'],
  [undefined],
  [undefined, 'summary'],
  ['id,assigned_to.name'],
  ['id,tags'],
];

/**
 * include_fields pushed down into the search's SQL (docs/benchmarks.md): for every field
 * set and every caller, GET /rest/bug answers byte for byte what the gateway's filter makes
 * of the full `_all` answer to the same search, whichever path the bugs service took.
 */
export function searchFieldCases(tracker: () => RunningTracker): void {
  describe('bug search with include_fields', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    const bugs = new BugCalls(world);
    let product: string;
    let callers: Record<'anonymous' | 'dev' | 'member' | 'timetracker' | 'admin', Caller>;
    let ids: Record<'crash' | 'timed' | 'dupe' | 'secret', number>;

    beforeAll(async () => {
      const [dev, member, timetracker] = await Promise.all([world.user('dev'), world.user('member'), world.user('tt', ['timetrackers'])]);
      const secretGroup = await world.group('hidden');
      await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(member.login)}`, { groups: { add: [secretGroup] } });
      product = await world.product('Fields', [
        { group: secretGroup, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false },
      ]);
      await world.keyword('regression');
      const crash = await world.bug(ADMIN, product, {
        summary: 'Crash "quoted" \\ café',
        priority: 'High',
        keywords: ['regression'],
        alias: `crash-${world.suffix}`,
        url: 'http://example.com/crash',
        whiteboard: '[triage]',
        see_also: ['https://bugzilla.mozilla.org/show_bug.cgi?id=123'],
        cc: [dev.login],
      });
      const timed = await world.bug(ADMIN, product, { summary: 'Timed', estimated_time: 4.5, deadline: '2030-01-31', blocks: [crash] });
      await bugs.update(ADMIN, timed, { remaining_time: 2.25, work_time: 1.5, comment: { body: 'Worked.' } });
      const dupe = await world.bug(dev, product, { summary: 'Crash again' });
      await bugs.update(ADMIN, dupe, { dupe_of: crash, comment: { body: 'Same crash.' } });
      const secret = await world.bug(member, product, { summary: 'Secret crash', groups: [secretGroup] });
      ids = { crash, timed, dupe, secret };
      callers = { anonymous: ANONYMOUS, dev, member, timetracker, admin: ADMIN };
    }, 120_000);

    const searches = (): string[] => [
      `product=${product}`,
      `product=${product}&order=priority%20DESC,bug_id%20DESC`,
      `product=${product}&quicksearch=crash`,
    ];

    async function search(caller: Caller, query: string, include?: string, exclude?: string): Promise<string> {
      const lists = [include === undefined ? '' : `&include_fields=${include}`, exclude === undefined ? '' : `&exclude_fields=${exclude}`];
      const response = await world.call(caller, 'GET', `/bug?${query}${lists.join('')}`);
      expect(response.status).toBe(200);
      return response.text;
    }

    it.each(['anonymous', 'dev', 'member', 'timetracker', 'admin'] as const)(
      'answers %s the full path filtered by the gateway, for every field set',
      async (who) => {
        const caller = callers[who];
        for (const query of searches()) {
          const full = JSON.parse(await search(caller, query, '_all')) as SearchBugsResult;
          expect(full.bugs.length).toBeGreaterThan(0);
          for (const [include, exclude] of FIELD_SETS) {
            expect({ query, include, exclude, body: await search(caller, query, include, exclude) }).toEqual({
              query,
              include,
              exclude,
              body: filteredByGateway(full, include, exclude),
            });
          }
        }
      },
      60_000,
    );

    it('returns the values of the columns asked for, only the visible bugs', async () => {
      const anonymous = JSON.parse(await search(ANONYMOUS, `product=${product}`, 'id,summary,status,resolution,dupe_of')) as unknown;
      expect(anonymous).toEqual({
        bugs: [
          { id: ids.crash, summary: 'Crash "quoted" \\ café', status: 'CONFIRMED', resolution: '', dupe_of: null },
          { id: ids.timed, summary: 'Timed', status: 'CONFIRMED', resolution: '', dupe_of: null },
          { id: ids.dupe, summary: 'Crash again', status: 'RESOLVED', resolution: 'DUPLICATE', dupe_of: ids.crash },
        ],
      });
      const member = JSON.parse(await search(callers.member, `product=${product}&id=${ids.secret}`, 'id,groups,summary')) as unknown;
      expect(member).toEqual({ bugs: [{ groups: [expect.stringMatching(/^hidden-/)], id: ids.secret, summary: 'Secret crash' }] });
    });

    it('sends time tracking values to time trackers only', async () => {
      const query = `product=${product}&id=${ids.timed}`;
      const fields = 'id,estimated_time,remaining_time,actual_time,deadline,blocks';
      expect(JSON.parse(await search(callers.timetracker, query, fields))).toEqual({
        bugs: [{ actual_time: 1.5, blocks: [ids.crash], deadline: '2030-01-31', estimated_time: 4.5, id: ids.timed, remaining_time: 2.25 }],
      });
      expect(JSON.parse(await search(callers.dev, query, fields))).toEqual({
        bugs: [{ blocks: [ids.crash], deadline: '2030-01-31', id: ids.timed }],
      });
    });
  });
}
