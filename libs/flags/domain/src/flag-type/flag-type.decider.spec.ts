import { deciderSpec } from '@tracker/testing';
import { flagTypeDecider } from './flag-type.decider';
import type { CreateFlagType, UpdateFlagType } from './flag-type.commands';
import {
  BACKEND,
  create,
  created,
  EDITCOMPONENTS,
  GRANTERS,
  LOGGED_OUT,
  MAIN,
  OTHER,
  PLAIN_USER,
  REF,
  REF_ADMIN,
  REF_COMPONENT,
  REQUESTERS,
  REVIEW_CREATED,
  REVIEW_VALUES,
  update,
} from '../testing/flag-type-world.fixture';
import { flagTypeChangesReport } from './flag-type-changes';

const types = deciderSpec(flagTypeDecider);

describe('creating a flag type (FlagType.create, docs/flags.md §2.1)', () => {
  it('creates golden 121: review1 on attachments of RefProduct', () => {
    types.given().when(create()).then([REVIEW_CREATED]);
  });

  it("creates golden 122 with Bugzilla's defaults: sort key 1, every switch on, no groups, components of one product", () => {
    const command = create({ name: 'needinfo1', description: 'Need info', inclusions: [{ RefProduct: ['RefComponent', 'Backend'] }] }, { typeId: 2, targetType: 'bug' });
    types.given().when(command).then([
      created({
        typeId: 2,
        name: 'needinfo1',
        description: 'Need info',
        targetType: 'bug',
        sortKey: 1,
        inclusions: [
          { product: REF, component: REF_COMPONENT },
          { product: REF, component: BACKEND },
        ],
      }),
    ]);
  });

  it('trims, normalises the cc list, names groups regardless of case, applies everywhere by default', () => {
    const command = create({
      name: ' approval ',
      description: ' Release approval ',
      ccList: ['qa@example.com, rel@example.org', 'boss@example.net'],
      grantGroup: 'GRANTERS',
      requestGroup: 'requesters',
      sortKey: '32767',
      isActive: false,
      isMultiplicable: false,
      exclusions: ['Other'],
    });
    types.given().when(command).then([
      created({
        name: 'approval',
        description: 'Release approval',
        ccList: ['qa@example.com', 'rel@example.org', 'boss@example.net'],
        grantGroup: GRANTERS,
        requestGroup: REQUESTERS,
        sortKey: 32767,
        isActive: false,
        isMultiplicable: false,
        inclusions: [{ product: null, component: null }],
        exclusions: [{ product: OTHER, component: null }],
      }),
    ]);
  });

  /** Bugzilla's order: each fault is refused even when every later one is present too. */
  const faults: Array<[string, number, string, (command: CreateFlagType) => CreateFlagType]> = [
    ['logged out', 410, 'You must log in before using this part of Tracker.', (c) => ({ ...c, admin: LOGGED_OUT })],
    [
      'no product administered',
      304,
      "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add new flag types.",
      (c) => ({ ...c, admin: PLAIN_USER }),
    ],
    ['no name', 50, 'The function requires a name argument, and that argument was not set.', (c) => ({ ...c, values: { ...c.values, name: undefined } })],
    ['no description', 50, 'The function requires a description argument, and that argument was not set.', (c) => ({ ...c, values: { ...c.values, description: '' } })],
    ['no target type', 50, 'The function requires a target_type argument, and that argument was not set.', (c) => ({ ...c, targetType: undefined })],
    ['an unknown product (golden 123)', 106, "Either the product 'RefProduct:' does not exist or you don't have access to it.", (c) => ({ ...c, values: { ...c.values, inclusions: ['RefProduct:'] } })],
    ['an unknown component', 105, "There is no component named 'Nope' in the 'Other' product.", (c) => ({ ...c, values: { ...c.values, exclusions: [{ Other: ['Nope'] }] } })],
    ['a cc list over 200 characters', 1103, `The CC list ${'a'.repeat(190)}@example.com must be less than 200 characters long.`, (c) => ({ ...c, values: { ...c.values, ccList: [`${'a'.repeat(190)}@example.com`] } })],
    ['a blank description', 1102, 'You must enter a description for this flag type.', (c) => ({ ...c, values: { ...c.values, description: c.values.description === '' ? '' : '   ' } })],
    ['an unknown grant group', 51, "There is no group named 'nope'.", (c) => ({ ...c, values: { ...c.values, grantGroup: 'nope' } })],
    ['a name with a space', 1101, 'The name re view must be 1-50 characters long and must not contain any spaces or commas.', (c) => ({ ...c, values: { ...c.values, name: c.values.name === undefined ? undefined : 're view' } })],
    ['an unknown request group', 51, "There is no group named 'never'.", (c) => ({ ...c, values: { ...c.values, requestGroup: 'never' } })],
    ['sort key 0', 1104, 'The sort key 0 must be an integer between 1 and 32767.', (c) => ({ ...c, values: { ...c.values, sortKey: 0 } })],
  ];

  it.each(faults.map((fault, index) => [fault[0], index] as const))('refuses %s before every later fault', (_case, index) => {
    const command = faults.slice(index).reduceRight((built, [, , , apply]) => apply(built), create());
    const [, code, message] = faults[index] ?? [];
    types.given().when(command).thenRefuses(code ?? 0, message);
  });

  it.each([
    ['a target type other than bug and attachment', create(REVIEW_VALUES, { targetType: 'feature' }), 53, 'The target type was neither bug nor attachment but rather feature.'],
    ['an address without a dot after the @ in the cc list', create({ ...REVIEW_VALUES, ccList: ['qa@localhost'] }), 501, undefined],
    ['an address with two @ in the cc list', create({ ...REVIEW_VALUES, ccList: ['a@b@example.com'] }), 501, undefined],
    ['a non-ASCII address in the cc list', create({ ...REVIEW_VALUES, ccList: ['zoë@example.com'] }), 501, undefined],
    ['an address with a quote in the cc list', create({ ...REVIEW_VALUES, ccList: ['"qa"@example.com'] }), 501, undefined],
    ['a name with a comma', create({ ...REVIEW_VALUES, name: 'a,b' }), 1101, undefined],
    ['a name of 51 characters', create({ ...REVIEW_VALUES, name: 'n'.repeat(51) }), 1101, undefined],
    ['a sort key that is not a number', create({ ...REVIEW_VALUES, sortKey: 'x' }), 1104, undefined],
    ['a hidden product', create({ ...REVIEW_VALUES, inclusions: ['Hidden'] }), 106, undefined],
    ['a product the caller does not administer', create({ ...REVIEW_VALUES, inclusions: ['Other'] }, { admin: REF_ADMIN }), 106, undefined],
    ['a clusion item that is a list', create({ ...REVIEW_VALUES, inclusions: [['RefProduct']] }), 53, undefined],
  ])('refuses %s', (_case, command, code, message: string | undefined) => {
    types.given().when(command).thenRefuses(code, message);
  });

  it('lets a per-product administrator create types for their products', () => {
    const [event] = types.given().when(create(REVIEW_VALUES, { admin: REF_ADMIN })).events();
    expect(event?.type).toBe('FlagTypeCreated');
  });

  it('refuses an id already taken', () => {
    types.given(REVIEW_CREATED).when(create()).thenRefuses(32000, 'The flag type id 1 is already in use.');
  });
});

describe('updating a flag type (FlagType.update, docs/flags.md §2.2)', () => {
  it('changes golden 126: description and sort key, reported as Bugzilla does', () => {
    const [event] = types.given(REVIEW_CREATED).when(update({ description: 'Code review (updated)', sortKey: 20 })).events();
    expect(event).toEqual({
      type: 'FlagTypeUpdated',
      data: { typeId: 1, changes: { description: 'Code review (updated)', sortKey: 20 }, before: { description: 'Code review', sortKey: 10 }, needsReconcile: false },
    });
    expect(event?.type === 'FlagTypeUpdated' && flagTypeChangesReport(event.data)).toEqual({
      description: { removed: 'Code review', added: 'Code review (updated)' },
      sortkey: { removed: '10', added: '20' },
    });
  });

  it('decides nothing when nothing changes', () => {
    types.given(REVIEW_CREATED).when(update({ name: 'review1', sortKey: '10', isActive: true, grantGroup: '' }, { inclusions: [{ product: REF, component: null }] })).then([]);
  });

  it.each([
    ['an inclusion removed', update({}, { inclusions: [{ product: REF, component: REF_COMPONENT }] }), true],
    ['an exclusion added', update({}, { exclusions: [{ product: REF, component: BACKEND }] }), true],
    ['an inclusion added', update({}, { inclusions: [{ product: REF, component: null }, { product: OTHER, component: MAIN }] }), false],
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
    ['even the scope of a type that applies to none of their products', created({ inclusions: [{ product: OTHER, component: null }] }), update({}, { admin: REF_ADMIN, exclusions: [] })],
  ])('refuses a per-product administrator %s (1105)', (_case, given, command) => {
    types
      .given(given)
      .when(command)
      .thenRefuses(1105, "You are not allowed to edit properties of the 'review1' flag type, because this flag type is not available for the products you can administer.");
  });

  it("lets a per-product administrator change the scope within their products, keeping other products' entries", () => {
    const [event] = types.given(everywhere).when(update({}, { admin: REF_ADMIN, exclusions: [{ product: REF, component: BACKEND }] })).events();
    expect(event?.type === 'FlagTypeUpdated' && event.data.changes).toEqual({
      exclusions: [
        { product: REF, component: BACKEND },
        { product: OTHER, component: null },
      ],
    });
  });

  it('lets a per-product administrator edit every field of a type only in their products', () => {
    const [event] = types.given(REVIEW_CREATED).when(update({ description: 'Ours' }, { admin: REF_ADMIN })).events();
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

  it.each(fieldFaults.map((fault, index) => [fault[0], index] as const))("refuses %s before the later fields (Bugzilla's set_all order)", (_case, index) => {
    const command = fieldFaults.slice(index).reduceRight((built, [, , apply]) => apply(built), update({}));
    types.given(REVIEW_CREATED).when(command).thenRefuses(fieldFaults[index]?.[1] ?? 0);
  });

  it('refuses the update of a type that does not exist', () => {
    types.given().when(update({ description: 'x' }, { typeId: 9 })).thenRefuses(51, "There is no flagtype with the id '9'.");
  });

  it('refuses everything to callers who administer nothing', () => {
    types.given(REVIEW_CREATED).when(update({ description: 'x' }, { admin: PLAIN_USER })).thenRefuses(304);
    types.given(REVIEW_CREATED).when(update({ description: 'x' }, { admin: LOGGED_OUT })).thenRefuses(410);
  });
});

describe('marking a flag type reconciled', () => {
  const narrowed = { type: 'FlagTypeUpdated', data: { typeId: 1, changes: { isRequesteeble: false }, before: { isRequesteeble: true }, needsReconcile: true } } as const;
  const renamed = { type: 'FlagTypeUpdated', data: { typeId: 1, changes: { name: 'r1' }, before: { name: 'review1' }, needsReconcile: false } } as const;

  it('records the revision every bug reflects once the last narrowing is covered', () => {
    types.given(REVIEW_CREATED, narrowed, renamed).when({ kind: 'MarkFlagTypeReconciled', upToRevision: 2 }).then([{ type: 'FlagTypeReconciled', data: { typeId: 1, upToRevision: 2 } }]);
  });

  it.each([
    ['nothing is pending', [REVIEW_CREATED, renamed], 1],
    ['it is already recorded', [REVIEW_CREATED, narrowed, { type: 'FlagTypeReconciled', data: { typeId: 1, upToRevision: 1 } } as const], 2],
    ['a later narrowing is not covered', [REVIEW_CREATED, narrowed, renamed, narrowed], 2],
    ['the revision is beyond the stream', [REVIEW_CREATED, narrowed], 5],
  ])('decides nothing when %s', (_case, given, upToRevision) => {
    types.given(...given).when({ kind: 'MarkFlagTypeReconciled', upToRevision }).then([]);
  });

  it('folds the pending state: pending after a narrowing, settled by a covering reconciliation', () => {
    const pending = types.given(REVIEW_CREATED, narrowed).state;
    const settled = types.given(REVIEW_CREATED, narrowed, { type: 'FlagTypeReconciled', data: { typeId: 1, upToRevision: 1 } }).state;
    expect([pending.kind === 'present' && pending.lastReconcileNeededAt, settled.kind === 'present' && settled.reconciledUpTo]).toEqual([1, 1]);
  });
});

describe('global editcomponents', () => {
  it('edits every field of any type', () => {
    const [event] = types.given(created({ inclusions: [{ product: null, component: null }] })).when(update({ name: 'review2' }, { admin: EDITCOMPONENTS })).events();
    expect(event?.type === 'FlagTypeUpdated' && event.data.changes).toEqual({ name: 'review2' });
  });
});
