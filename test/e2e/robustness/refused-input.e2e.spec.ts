import { describeInBothModes } from '../../support/modes';
import { boundedInputCases } from './cases/bounded-input.cases';
import { fuzzFindingCases } from './cases/fuzz-findings.cases';
import { malformedInputCases } from './cases/malformed-input.cases';

/**
 * Issue 13: what one request sends cannot stop a service. Input over the limits and
 * malformed input are refused with a 4xx in the error envelope, nothing enters the log,
 * and a restart on the same data is healthy; the fuzz suite's findings answer as fixed.
 * One Tracker per mode serves the three case modules (each restarts it at its end).
 */
describeInBothModes('refused input', (tracker) => {
  fuzzFindingCases(tracker);
  boundedInputCases(tracker);
  malformedInputCases(tracker);
});
