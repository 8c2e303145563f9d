import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, BugCalls, type Caller, BugsWorld } from './bugs-world';

/** Who and what every bugs case uses; made once per run mode by the suite's beforeAll. */
export interface BugsFixture {
  readonly product: string;
  readonly other: string;
  readonly secretGroup: string;
  readonly reporter: Caller;
  readonly dev: Caller;
  readonly qa: Caller;
  readonly watcher: Caller;
  readonly insider: Caller;
  readonly timetracker: Caller;
}

/** What each case module of the bugs suite gets. */
export interface BugsSuite {
  readonly tracker: () => RunningTracker;
  readonly world: BugsWorld;
  readonly bugs: BugCalls;
  /** the world made in beforeAll: read it in a case module's own beforeAll or its tests */
  fixture(): BugsFixture;
}

/**
 * Builds the bugs suite's world; call it inside the mode's describe block, before the case
 * modules (its beforeAll runs first): users, a secret group, a product with two
 * components, another product, keywords and two custom fields.
 */
export function bugsSuite(tracker: () => RunningTracker): BugsSuite {
  const world = new BugsWorld(() => tracker().baseUrl);
  let made: BugsFixture | undefined;
  beforeAll(async () => {
    const [reporter, dev, qa, watcher, insider, timetracker] = await Promise.all([
      world.user('reporter'),
      world.user('dev'),
      world.user('qa'),
      world.user('watcher'),
      world.user('insider', ['insiders']),
      world.user('timetracker', ['timetrackers']),
    ]);
    const secretGroup = await world.group('secret');
    const product = await world.product('Widgets', [
      { group: secretGroup, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false },
    ]);
    await world.ok(
      ADMIN,
      'POST',
      '/component',
      {
        product,
        name: 'Backend',
        description: 'Backend',
        default_assignee: dev.login,
        default_qa_contact: qa.login,
        default_cc: [watcher.login],
      },
      201,
    );
    await world.ok(ADMIN, 'POST', '/version', { product, name: '2.0' }, 201);
    await world.ok(ADMIN, 'POST', '/milestone', { product, name: 'M2', sort_key: 20 }, 201);
    const other = await world.product('Gadgets');
    await Promise.all(['regression', 'perf'].map((name) => world.keyword(name)));
    await world.ok(ADMIN, 'POST', '/field/bug', { name: 'cf_ticket', display_name: 'Ticket', type: 1 }, 201);
    await world.ok(ADMIN, 'POST', '/field/bug', { name: 'cf_colour', display_name: 'Colour', type: 2 }, 201);
    await world.ok(ADMIN, 'POST', '/field/bug/cf_colour/values', { name: 'red' }, 201);
    await world.ok(ADMIN, 'POST', '/field/bug/cf_colour/values', { name: 'green' }, 201);
    made = { product, other, secretGroup, reporter, dev, qa, watcher, insider, timetracker };
  }, 120_000);
  return {
    tracker,
    world,
    bugs: new BugCalls(world),
    fixture: () => {
      if (!made) throw new Error('the bugs suite world is not made yet');
      return made;
    },
  };
}
