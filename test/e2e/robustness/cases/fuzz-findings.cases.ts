import type { RunningTracker } from '../../../support/tracker';
import { ANONYMOUS, TrackerWorld, errorOf } from '../../../support/world';

/**
 * What the fuzz suite found answering 5xx, each with the answer it now gets (issue 13,
 * item 6: every 5xx it finds is fixed in the owning code, with a spec).
 */
export function fuzzFindingCases(tracker: () => RunningTracker): void {
  describe('fuzz findings', () => {
    const world = new TrackerWorld(() => tracker().baseUrl);

    it.each(['__proto__', 'constructor', 'toString'])(
      'answers legal values of a field named like an Object property (%s) as of any unknown field',
      async (name) => {
        const unknown = errorOf(await world.call(ANONYMOUS, 'GET', '/field/bug/no_such_field/2/values'));
        expect(unknown.status).toBeLessThan(500);
        expect(errorOf(await world.call(ANONYMOUS, 'GET', `/field/bug/${name}/2/values`))).toEqual({
          ...unknown,
          message: unknown.message.replace('no_such_field', name),
        });
      },
    );
  });
}
