import { deciderSpec } from '@tracker/testing';
import { flagTypeDecider } from './flag-type.decider';
import type { CreateFlagType } from './flag-type.commands';
import {
  BACKEND,
  create,
  created,
  GRANTERS,
  LOGGED_OUT,
  OTHER,
  PLAIN_USER,
  REF,
  REF_ADMIN,
  REF_COMPONENT,
  REQUESTERS,
  REVIEW_CREATED,
  REVIEW_VALUES,
} from '../testing/flag-type-world.fixture';

const types = deciderSpec(flagTypeDecider);

describe('creating a flag type (FlagType.create, docs/flags.md §2.1)', () => {
  it('creates golden 121: review1 on attachments of RefProduct', () => {
    types.given().when(create()).then([REVIEW_CREATED]);
  });

  it("creates golden 122 with Bugzilla's defaults: sort key 1, every switch on, no groups, components of one product", () => {
    const command = create(
      { name: 'needinfo1', description: 'Need info', inclusions: [{ RefProduct: ['RefComponent', 'Backend'] }] },
      { typeId: 2, targetType: 'bug' },
    );
    types
      .given()
      .when(command)
      .then([
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
    types
      .given()
      .when(command)
      .then([
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
    [
      'no name',
      50,
      'The function requires a name argument, and that argument was not set.',
      (c) => ({ ...c, values: { ...c.values, name: undefined } }),
    ],
    [
      'no description',
      50,
      'The function requires a description argument, and that argument was not set.',
      (c) => ({ ...c, values: { ...c.values, description: '' } }),
    ],
    [
      'no target type',
      50,
      'The function requires a target_type argument, and that argument was not set.',
      (c) => ({ ...c, targetType: undefined }),
    ],
    [
      'an unknown product (golden 123)',
      106,
      "Either the product 'RefProduct:' does not exist or you don't have access to it.",
      (c) => ({ ...c, values: { ...c.values, inclusions: ['RefProduct:'] } }),
    ],
    [
      'an unknown component',
      105,
      "There is no component named 'Nope' in the 'Other' product.",
      (c) => ({ ...c, values: { ...c.values, exclusions: [{ Other: ['Nope'] }] } }),
    ],
    [
      'a cc list over 200 characters',
      1103,
      `The CC list ${'a'.repeat(190)}@example.com must be less than 200 characters long.`,
      (c) => ({ ...c, values: { ...c.values, ccList: [`${'a'.repeat(190)}@example.com`] } }),
    ],
    [
      'a blank description',
      1102,
      'You must enter a description for this flag type.',
      (c) => ({ ...c, values: { ...c.values, description: c.values.description === '' ? '' : '   ' } }),
    ],
    ['an unknown grant group', 51, "There is no group named 'nope'.", (c) => ({ ...c, values: { ...c.values, grantGroup: 'nope' } })],
    [
      'a name with a space',
      1101,
      'The name re view must be 1-50 characters long and must not contain any spaces or commas.',
      (c) => ({ ...c, values: { ...c.values, name: c.values.name === undefined ? undefined : 're view' } }),
    ],
    ['an unknown request group', 51, "There is no group named 'never'.", (c) => ({ ...c, values: { ...c.values, requestGroup: 'never' } })],
    ['sort key 0', 1104, 'The sort key 0 must be an integer between 1 and 32767.', (c) => ({ ...c, values: { ...c.values, sortKey: 0 } })],
  ];

  it.each(faults.map((fault, index) => [fault[0], index] as const))('refuses %s before every later fault', (_case, index) => {
    const command = faults.slice(index).reduceRight((built, [, , , apply]) => apply(built), create());
    const [, code, message] = faults[index] ?? [];
    types
      .given()
      .when(command)
      .thenRefuses(code ?? 0, message);
  });

  it.each([
    [
      'a target type other than bug and attachment',
      create(REVIEW_VALUES, { targetType: 'feature' }),
      53,
      'The target type was neither bug nor attachment but rather feature.',
    ],
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
    const [event] = types
      .given()
      .when(create(REVIEW_VALUES, { admin: REF_ADMIN }))
      .events();
    expect(event?.type).toBe('FlagTypeCreated');
  });

  it('refuses an id already taken', () => {
    types.given(REVIEW_CREATED).when(create()).thenRefuses(32000, 'The flag type id 1 is already in use.');
  });
});
