// Jest's own order (failed first, then slowest first), with the fault suite moved to the
// end. Its bound (back to full speed within 10 s of a restart) compares the load's rate
// after a fault with its rate just before. Run early, it shares the two cores with the
// slowest suites, whose load comes and goes, and a fault can fall in a busier minute than
// its baseline; run last, the other worker is on short unit files or already done.
// Plain JavaScript: Jest loads the sequencer without its transform.
import Sequencer from '@jest/test-sequencer';

const LAST = /[\\/]test[\\/]fault[\\/]/;

export default class FaultSuiteLast extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    return [...ordered.filter((test) => !LAST.test(test.path)), ...ordered.filter((test) => LAST.test(test.path))];
  }
}
