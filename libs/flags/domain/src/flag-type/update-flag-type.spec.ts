import { deciderSpec } from '@tracker/testing';
import { flagTypeDecider } from './flag-type.decider';
import type { UpdateFlagType } from './flag-type.commands';
import {
  BACKEND,
  created,
  EDITCOMPONENTS,
  LOGGED_OUT,
  MAIN,
  OTHER,
  PLAIN_USER,
  REF,
  REF_ADMIN,
  REF_COMPONENT,
  REVIEW_CREATED,
  update,
} from '../testing/flag-type-world.fixture';
import { flagTypeChangesReport } from './flag-type-changes';

const types = deciderSpec(flagTypeDecider);

describe('updating a flag type (FlagType.update, docs/flags.md §2.2)', () => {
  it('changes golden 126: description and sort key, reported as Bugzilla does', () => {
    const [event] = types
      .given(REVIEW_CREATED)
      .when(update({ description: 'Code review (updated)', sortKey: 20 }))
      .events();
    expect(event).toEqual({
      type: 'FlagTypeUpdated',
      data: {
        typeId: 1,
        changes: { description: 'Code review (updated)', sortKey: 20 },
        before: { description: 'Code review', sortKey: 10 },
        needsReconcile: false,
      },
    });
    expect(event?.type === 'FlagTypeUpdated' && flagTypeChangesReport(event.data)).toEqual({
      description: { removed: 'Code review', added: 'Code review (updated)' },
      sortkey: { removed: '10', added: '20' },
    });
  });

  it('decides nothing when nothing changes', () => {
    types
      .given(REVIEW_CREATED)
      .when(update({ name: 'review1', sortKey: '10', isActive: true, grantGroup: '' }, { inclusions: [{ product: REF, component: null }] }))
      .then([]);
  });

  it.each([
    ['an inclusion removed', update({}, { inclusions: [{ product: REF, component: REF_COMPONENT }] }), true],
    ['an exclusion added', update({}, { exclusions: [{ product: REF, component: BACKEND }] }), true],
    [
      'an inclusion added',
      update(
        {},
        {
          inclusions: [
            { product: REF, component: null },
            { product: OTHER, component: MAIN },
          ],
        },
      ),
      false,
    ],
    ['specific requests ended', update({ isRequesteeble: false }), true],
    ['the type deactivated (its flags stay)', update({ isActive: false }), false],
    ['`?` no longer requestable (pending ones stay)', update({ isRequestable: false }), false],
  ])('asks for reconciliation of flags already set when %s: %p', (_case, command, needsReconcile) => {
    const [event] = types.given(REVIEW_CREATED).when(command).events();
    expect(event?.type === 'FlagTypeUpdated' && event.data.needsReconcile).toBe(needsReconcile);
  });

  const everywhere = created({ inclusions: [{ product: null, component: null }], exclusions: [{ product: OTHER, component: null }] });

  it.each([
    ['any field of a type that also applies outside their products', everywhere, update({ description: 'mine now' }, { admin: REF_ADMIN })],
    [
      'even the scope of a type that applies to none of their products',
      created({ inclusions: [{ product: OTHER, component: null }] }),
      update({}, { admin: REF_ADMIN, exclusions: [] }),
    ],
  ])('refuses a per-product administrator %s (1105)', (_case, given, command) => {
    types
      .given(given)
      .when(command)
      .thenRefuses(
        1105,
        "You are not allowed to edit properties of the 'review1' flag type, because this flag type is not available for the products you can administer.",
      );
  });

  it("lets a per-product administrator change the scope within their products, keeping other products' entries", () => {
    const [event] = types
      .given(everywhere)
      .when(update({}, { admin: REF_ADMIN, exclusions: [{ product: REF, component: BACKEND }] }))
      .events();
    expect(event?.type === 'FlagTypeUpdated' && event.data.changes).toEqual({
      exclusions: [
        { product: REF, component: BACKEND },
        { product: OTHER, component: null },
      ],
    });
  });

  it('lets a per-product administrator edit every field of a type only in their products', () => {
    const [event] = types
      .given(REVIEW_CREATED)
      .when(update({ description: 'Ours' }, { admin: REF_ADMIN }))
      .events();
    expect(event?.type === 'FlagTypeUpdated' && event.data.changes).toEqual({ description: 'Ours' });
  });

  const fieldFaults: Array<[string, number, (command: UpdateFlagType) => UpdateFlagType]> = [
    ['a cc list address', 501, (c) => ({ ...c, values: { ...c.values, ccList: ['nobody'] } })],
    ['a blank description', 1102, (c) => ({ ...c, values: { ...c.values, description: ' ' } })],
    ['an unknown grant group', 51, (c) => ({ ...c, values: { ...c.values, grantGroup: 'nope' } })],
    ['an empty name', 1101, (c) => ({ ...c, values: { ...c.values, name: '' } })],
    ['an unknown request group', 51, (c) => ({ ...c, values: { ...c.values, requestGroup: 'nope' } })],
    ['a sort key of 32768', 1104, (c) => ({ ...c, values: { ...c.values, sortKey: 32768 } })],
  ];

  it.each(fieldFaults.map((fault, index) => [fault[0], index] as const))(
    "refuses %s before the later fields (Bugzilla's set_all order)",
    (_case, index) => {
      const command = fieldFaults.slice(index).reduceRight((built, [, , apply]) => apply(built), update({}));
      types
        .given(REVIEW_CREATED)
        .when(command)
        .thenRefuses(fieldFaults[index]?.[1] ?? 0);
    },
  );

  it('refuses the update of a type that does not exist', () => {
    types
      .given()
      .when(update({ description: 'x' }, { typeId: 9 }))
      .thenRefuses(51, "There is no flagtype with the id '9'.");
  });

  it('refuses everything to callers who administer nothing', () => {
    types
      .given(REVIEW_CREATED)
      .when(update({ description: 'x' }, { admin: PLAIN_USER }))
      .thenRefuses(304);
    types
      .given(REVIEW_CREATED)
      .when(update({ description: 'x' }, { admin: LOGGED_OUT }))
      .thenRefuses(410);
  });
});

describe('marking a flag type reconciled', () => {
  const narrowed = {
    type: 'FlagTypeUpdated',
    data: { typeId: 1, changes: { isRequesteeble: false }, before: { isRequesteeble: true }, needsReconcile: true },
  } as const;
  const renamed = {
    type: 'FlagTypeUpdated',
    data: { typeId: 1, changes: { name: 'r1' }, before: { name: 'review1' }, needsReconcile: false },
  } as const;

  it('records the revision every bug reflects once the last narrowing is covered', () => {
    types
      .given(REVIEW_CREATED, narrowed, renamed)
      .when({ kind: 'MarkFlagTypeReconciled', upToRevision: 2 })
      .then([{ type: 'FlagTypeReconciled', data: { typeId: 1, upToRevision: 2 } }]);
  });

  it.each([
    ['nothing is pending', [REVIEW_CREATED, renamed], 1],
    [
      'it is already recorded',
      [REVIEW_CREATED, narrowed, { type: 'FlagTypeReconciled', data: { typeId: 1, upToRevision: 1 } } as const],
      2,
    ],
    ['a later narrowing is not covered', [REVIEW_CREATED, narrowed, renamed, narrowed], 2],
    ['the revision is beyond the stream', [REVIEW_CREATED, narrowed], 5],
  ])('decides nothing when %s', (_case, given, upToRevision) => {
    types
      .given(...given)
      .when({ kind: 'MarkFlagTypeReconciled', upToRevision })
      .then([]);
  });

  it('folds the pending state: pending after a narrowing, settled by a covering reconciliation', () => {
    const pending = types.given(REVIEW_CREATED, narrowed).state;
    const settled = types.given(REVIEW_CREATED, narrowed, { type: 'FlagTypeReconciled', data: { typeId: 1, upToRevision: 1 } }).state;
    expect([pending.kind === 'present' && pending.lastReconcileNeededAt, settled.kind === 'present' && settled.reconciledUpTo]).toEqual([
      1, 1,
    ]);
  });
});

describe('global editcomponents', () => {
  it('edits every field of any type', () => {
    const [event] = types
      .given(created({ inclusions: [{ product: null, component: null }] }))
      .when(update({ name: 'review2' }, { admin: EDITCOMPONENTS }))
      .events();
    expect(event?.type === 'FlagTypeUpdated' && event.data.changes).toEqual({ name: 'review2' });
  });
});
