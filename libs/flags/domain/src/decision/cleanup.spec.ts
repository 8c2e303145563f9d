import { deciderSpec } from '@tracker/testing';
import {
  ANN,
  APPROVAL,
  APPROVAL_Q,
  ATTACHMENT,
  attachmentFlags,
  BUG,
  bugFlags,
  compact,
  decision,
  existing,
  FEEDBACK,
  flagType,
  G,
  GRANTER,
  input,
  NEEDINFO,
  NOBODY,
  P,
  Q,
  Q1,
  QA,
  REQUESTER,
  REVIEW,
  REVIEW_Q,
  TYPES,
} from '../testing/flag-world.fixture';
import { decideFlags, flagDecider } from './decide-flags';
import { flagDecisionResult } from './flag-decision-result';

const flags = deciderSpec(flagDecider);
const movedToQ = { ...BUG, productId: Q.id, componentId: Q1.id, moved: true };
const approval22 = existing(22, APPROVAL, '?', REQUESTER, ANN);
const qa23 = existing(23, QA, '+', GRANTER);
const needinfo24 = existing(24, NEEDINFO, '?', NOBODY);
const review30 = existing(30, REVIEW, '?', NOBODY, null, ATTACHMENT.id);
const review31 = existing(31, REVIEW, '+', NOBODY, null, ATTACHMENT.id);

describe('an attachment made obsolete cancels its pending requests', () => {
  const obsolete = [{ ...ATTACHMENT, becameObsolete: true, isObsolete: true }];

  it('clears its `?` flags, whoever asks, and keeps the others', () => {
    const events = flags
      .given(review30, review31)
      .when(decision([], { attachments: obsolete, caller: NOBODY }))
      .events();
    expect(compact(events)).toEqual([
      { target: ATTACHMENT.id, changes: [[30, 'attachment-obsoleted', 'review#4? by nobody@example.com', null]] },
    ]);
  });

  it('skips an input on a cancelled request: it still resolves, and changes nothing more', () => {
    const events = flags
      .given(review30)
      .when(decision([attachmentFlags(ATTACHMENT.id, input('+', { id: 30 }))], { attachments: obsolete }))
      .events();
    expect(compact(events)).toEqual([
      { target: ATTACHMENT.id, changes: [[30, 'attachment-obsoleted', 'review#4? by nobody@example.com', null]] },
    ]);
  });

  it('leaves the requests of attachments that stay current', () => {
    expect(flags.given(review30).when(decision([])).events()).toEqual([]);
  });
});

describe("a bug moving product or component retargets or clears flags whose type no longer applies (Bugzilla's force_cleanup)", () => {
  it('retargets to an applying type of the same name, and clears where there is none; bug and attachment flags alike', () => {
    const command = decision([], { bug: movedToQ });
    const events = flags.given(approval22, qa23, needinfo24, review31).when(command).events();
    expect(compact(events)).toEqual([
      {
        target: null,
        changes: [
          [
            22,
            'bug-moved',
            'approval#2?(ann@example.com) by requester@example.com',
            'approval#6?(ann@example.com) by requester@example.com',
          ],
          [23, 'bug-moved', 'qa#3+ by granter@example.com', null],
        ],
      },
    ]);
    expect(flagDecisionResult(command, decideFlags(command, flags.given(approval22, qa23, needinfo24, review31).state))).toMatchObject({
      ok: true,
      changes: [{ attachmentId: null, removed: 'qa+', added: '' }],
    });
  });

  it("moves an attachment's flag to the same-named type of the new product", () => {
    const reviewQ = existing(32, REVIEW_Q, '?', NOBODY, null, ATTACHMENT.id);
    const events = flags
      .given(reviewQ)
      .when(decision([], { bug: { ...BUG, moved: true } }))
      .events();
    expect(compact(events)).toEqual([
      { target: ATTACHMENT.id, changes: [[32, 'bug-moved', 'review#5? by nobody@example.com', 'review#4? by nobody@example.com']] },
    ]);
  });

  it.each([
    ['the same-named type is inactive', { isActive: false }, REQUESTER],
    ["the flag's setter may neither request nor set it", { grantGroup: G, requestGroup: G }, REQUESTER],
    ['the same-named type is not multiplicable and already on the bug', { isMultiplicable: false }, REQUESTER],
  ])('clears the flag when %s', (_case, settings, setter) => {
    const approvalInQ = flagType(6, 'approval', { ...APPROVAL_Q, ...settings });
    const already = existing(25, approvalInQ, '+', GRANTER);
    const given = 'isMultiplicable' in settings ? [existing(22, APPROVAL, '?', setter), already] : [existing(22, APPROVAL, '?', setter)];
    const types = TYPES.map((type) => (type.id === 6 ? approvalInQ : type));
    const events = flags
      .given(...given)
      .when(decision([], { bug: movedToQ, types }))
      .events();
    expect(compact(events)).toEqual([{ target: null, changes: [[22, 'bug-moved', 'approval#2? by requester@example.com', null]] }]);
  });

  it('applies the inputs first, on the flags that still apply, then cleans up', () => {
    const events = flags
      .given(qa23)
      .when(decision([bugFlags(input('?', { typeId: APPROVAL_Q.id }))], { bug: movedToQ }))
      .events();
    expect(compact(events)).toEqual([
      {
        target: null,
        changes: [
          [500, 'request', null, 'approval#6? by granter@example.com'],
          [23, 'bug-moved', 'qa#3+ by granter@example.com', null],
        ],
      },
    ]);
  });

  it('touches no flag of a type that no longer applies when the bug does not move', () => {
    const narrowed = TYPES.map((type) => (type.id === QA.id ? { ...type, inclusions: [{ product: Q, component: null }] } : type));
    expect(
      flags
        .given(qa23)
        .when(decision([], { types: narrowed }))
        .events(),
    ).toEqual([]);
  });
});

describe('reconciling a narrowed flag type (reconcile mode)', () => {
  const narrowedQa = TYPES.map((type) => (type.id === QA.id ? { ...type, inclusions: [{ product: Q, component: null }] } : type));
  const unaskable = TYPES.map((type) => (type.id === NEEDINFO.id ? { ...type, isRequesteeble: false } : type));

  it('clears or retargets flags the type no longer covers, as flag-type-changed, ignoring inputs', () => {
    const command = decision([bugFlags(input('?', { typeId: NEEDINFO.id }))], { mode: 'reconcile', types: narrowedQa });
    expect(compact(flags.given(qa23, needinfo24).when(command).events())).toEqual([
      { target: null, changes: [[23, 'flag-type-changed', 'qa#3+ by granter@example.com', null]] },
    ]);
  });

  it('drops the requestees of a type no longer specifically requestable, keeping status and setter', () => {
    const asked = existing(26, NEEDINFO, '?', NOBODY, ANN);
    const events = flags
      .given(asked, existing(27, FEEDBACK, '?', NOBODY))
      .when(decision([], { mode: 'reconcile', types: unaskable }))
      .events();
    expect(compact(events)).toEqual([
      {
        target: null,
        changes: [[26, 'flag-type-changed', 'needinfo#1?(ann@example.com) by nobody@example.com', 'needinfo#1? by nobody@example.com']],
      },
    ]);
  });

  it('is idempotent: reconciling the reconciled bug decides nothing', () => {
    const asked = existing(26, NEEDINFO, '?', NOBODY, ANN);
    const command = decision([], {
      mode: 'reconcile',
      types: unaskable.map((type) =>
        type.id === QA.id ? { ...type, inclusions: [{ product: P, component: { id: 99, name: 'elsewhere' } }] } : type,
      ),
    });
    const first = flags.given(asked, qa23).when(command).events();
    expect(first).toHaveLength(1);
    flags
      .given(asked, qa23, ...first)
      .when(command)
      .then([]);
  });
});
