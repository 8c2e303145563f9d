import type { BugEvent, FlagsChangedData } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { ADMIN, goldenBugCreated } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { ExistingBug } from '../bug.state';
import type { FlagOutcome } from './flag-outcome';
import { reconcileRequest } from './reconcile-flags';

const bug = deciderSpec(bugDecider);
const GOLDEN: BugEvent = goldenBugCreated();
const NEEDINFO = { id: 1, name: 'needinfo', ccList: [] };

const created: FlagsChangedData = {
  bugId: 4,
  attachmentId: null,
  attachmentIsPrivate: null,
  changedBy: ADMIN,
  changes: [{ flagId: 7, reason: 'request', before: null, after: { type: NEEDINFO, status: '+', setter: ADMIN, requestee: null } }],
  participants: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
};
const cleared: FlagsChangedData = {
  ...created,
  changes: [
    { flagId: 7, reason: 'flag-type-changed', before: { type: NEEDINFO, status: '+', setter: ADMIN, requestee: null }, after: null },
  ],
};
const outcome = (events: FlagsChangedData[]): FlagOutcome => ({ bugId: 4, ok: true, events, ccToAdd: [], changes: [] });

describe('reconciling a bug with its flag types (docs/flags.md §2.5)', () => {
  const withFlag = [GOLDEN, { type: 'FlagsChanged', data: created } as BugEvent];

  it('appends the FlagsChanged the flags service decided, and nothing else', () => {
    bug
      .given(...withFlag)
      .when({ kind: 'ReconcileFlags', flags: outcome([cleared]) })
      .then([{ type: 'FlagsChanged', data: cleared }]);
  });

  it('is idempotent: a reconciled bug, a bug without flags and a missing bug decide nothing', () => {
    bug
      .given(...withFlag)
      .when({ kind: 'ReconcileFlags', flags: outcome([]) })
      .then([]);
    bug.given(GOLDEN).when({ kind: 'ReconcileFlags', flags: undefined }).then([]);
    bug
      .given()
      .when({ kind: 'ReconcileFlags', flags: outcome([cleared]) })
      .then([]);
  });

  it('passes a refusal on', () => {
    const refused: FlagOutcome = { bugId: 4, ok: false, stage: 'apply', inputIndex: 0, error: { code: 32000, message: 'no' } };
    bug
      .given(...withFlag)
      .when({ kind: 'ReconcileFlags', flags: refused })
      .thenRefuses(32000, 'no');
  });

  it('asks in reconcile mode about the bug as it is: every flag, no inputs, not moved', () => {
    const state = bug.given(...withFlag).state as ExistingBug;
    expect(reconcileRequest(state)).toMatchObject({
      bugId: 4,
      mode: 'reconcile',
      inputs: [],
      attachments: [],
      bug: { moved: false, productId: state.fields.product.id, componentId: state.fields.component.id },
      currentFlags: [{ flagId: 7, attachmentId: null, type: { id: 1, name: 'needinfo' }, status: '+', setter: ADMIN, requestee: null }],
    });
  });
});
