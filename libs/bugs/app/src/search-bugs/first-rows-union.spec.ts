import { parseSearch } from '@tracker/bugs/domain';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { describeOnBothPostgres } from '@tracker/testing';
import { BugsProjection } from '../read-model/bugs.projection';
import { BUGS_MIGRATIONS } from '../read-model/bugs.read-model';
import { compileCount, compileSearch, type SearchScope } from './search-sql';

/**
 * The first rows of each alternative give the same page as the whole union: quicksearches
 * over bugs whose words, statuses, groups, keywords, aliases and (private) comments vary,
 * at several limits and offsets, for an outsider, a member and an insider, against the
 * general form (the count's WHERE clause, ordered by id, limited).
 */
const CONTEXT = {
  statuses: [
    { name: 'CONFIRMED', isOpen: true },
    { name: 'IN_PROGRESS', isOpen: true },
    { name: 'RESOLVED', isOpen: false },
  ],
  resolutions: ['', 'FIXED'],
  priorities: ['High', 'Low'],
  keywords: ['perf', 'crash'],
  customFields: [],
  maxResults: 500,
  timetracker: false,
};
const WORDS = ['gadget', 'widget', 'perf', 'crash', 'alpha', 'zebra', 'get'];
const PAGES = [
  [5, 0],
  [10, 7],
  [3, 40],
  [500, 0],
] as const;

const FILL = `
  INSERT INTO S.bugs
  SELECT i, '{}'::jsonb, CASE WHEN i % 17 = 0 THEN ARRAY['al-' || i] ELSE '{}' END,
    (ARRAY['gadget','widget','alpha','crash'])[i % 4 + 1] || ' in ' || (ARRAY['beta','gadget','perfect'])[i % 3 + 1] || ' ' || i,
    (ARRAY['Widgets','Gadgets'])[i % 2 + 1], (ARRAY['Main','Crash reporter'])[i % 5 % 2 + 1], 'Unclassified', '1.0', '---',
    (ARRAY['CONFIRMED','IN_PROGRESS','RESOLVED'])[i % 3 + 1], i % 3 <> 2, CASE WHEN i % 3 = 2 THEN 'FIXED' ELSE '' END, true, NULL,
    'High', 'normal', 'All', 'All', '', CASE WHEN i % 7 = 0 THEN '[alpha zebra]' ELSE '' END,
    CASE WHEN i % 6 = 0 THEN ARRAY['perf'] WHEN i % 11 = 0 THEN ARRAY['crash'] ELSE '{}' END, '{}',
    CASE WHEN i % 4 = 1 THEN ARRAY[9] WHEN i % 8 = 2 THEN ARRAY[3] ELSE '{}' END, '{}', '{}', '{}',
    CASE WHEN i % 12 = 1 THEN 7 ELSE 1 END, 1, NULL, '{}', true, i % 24 <> 1, NULL, 0, 0, 0, '{}', now(), now()
  FROM generate_series(1, 400) AS i;
  INSERT INTO S.bug_comments SELECT 2 * i, i, false, 1, 'Steps for bug ' || i FROM generate_series(1, 400) AS i;
  INSERT INTO S.bug_comments SELECT 2 * i + 1, i, i % 2 = 0, 1, (ARRAY['zebra','gadget here','nothing'])[i % 3 + 1] FROM generate_series(1, 400, 5) AS i;
  INSERT INTO S.bug_aliases SELECT 'al-' || i, 'al-' || i, i FROM generate_series(17, 400, 17) AS i`;

describeOnBothPostgres('first-rows-union', (target, open) => {
  describe(`first rows of each alternative, on ${target}`, () => {
    let log: ProjectedLog;
    let schema: string;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'first_rows',
        migrations: [...BUGS_MIGRATIONS],
        projections: [new BugsProjection()],
      });
      for (const statement of FILL.split(';')) await log.query(statement);
      const [found] = await log.query<{ name: string }>(`SELECT to_regclass('S.bugs')::text AS name`);
      schema = (found?.name ?? '').replace(/\.bugs$/, '');
    }, 60_000);
    afterAll(() => log.close());

    const ids = async (text: string, values: unknown[]): Promise<number[]> =>
      (await log.query<{ bug: number }>(text, values)).map((row) => Number(row.bug));

    it.each([
      ['an outsider', null, [], false],
      ['a member of group 3', 7, [3], false],
      ['an insider', 7, [3, 9], true],
    ] as const)('returns the page of the whole union to %s', async (_, userId, groupIds, insider) => {
      const scope: SearchScope = { schema, userId, groupIds, insider, customFields: [], valueOrder: {} };
      let pages = 0;
      for (const word of WORDS) {
        for (const quicksearch of [word, `ALL ${word}`]) {
          for (const [limit, offset] of PAGES) {
            const request = parseSearch({ quicksearch, limit, offset }, CONTEXT);
            if ('code' in request) throw new Error(request.message);
            const fast = compileSearch(request, scope, 'b.id');
            const whole = compileCount(request, scope);
            const reference = `${whole.text.replace('count(*)::int AS bug_count', 'b.id AS bug')} ORDER BY b.id LIMIT ${limit} OFFSET ${offset}`;
            expect(fast.text).toContain('ORDER BY b.id LIMIT $1)');
            const found = await ids(fast.text, fast.values);
            expect({ quicksearch, limit, offset, ids: found }).toEqual({
              quicksearch,
              limit,
              offset,
              ids: await ids(reference, whole.values),
            });
            if (found.length > 0) pages += 1;
          }
        }
      }
      // the comparison is of pages with bugs in them, not of empty pages
      expect(pages).toBeGreaterThan(20);
    });
  });
});
