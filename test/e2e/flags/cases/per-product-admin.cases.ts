import { ADMIN, type FlagTypesWorld } from '../support/flag-types-world';

/**
 * Per-product administrators (docs/flags.md §2.3): a group whose control on a product has
 * `editcomponents` lets its members create types scoped to that product and edit them; a
 * product they do not administer is 106, a type reaching other products is 1105.
 * Creates one type (the next id).
 */
export function perProductAdminCases(world: FlagTypesWorld): void {
  it('lets members of a group with editcomponents on a product administer its flag types', async () => {
    const admins = await world.group('productadmins');
    const productAdmin = await world.user('productadmin', [admins]);
    const product = await world.product(
      `Administered-${world.suffix}`,
      ['One', 'Two'],
      [{ group: admins, membercontrol: 'NA', othercontrol: 'NA', editcomponents: true }],
    );
    const id = await world.flagType(
      { name: 'local', description: 'Local', target_type: 'bug', inclusions: [{ [product]: ['One'] }] },
      productAdmin,
    );
    expect((await world.flagTypes(productAdmin, product, 'One')).bug).toMatchObject([{ id, name: 'local', values: ['X', '?', '+', '-'] }]);
    expect(await world.ok(productAdmin, 'PUT', `/flag_type/${id}`, { description: 'Local to One', inclusions: [product] })).toEqual({
      flagtypes: [
        {
          id,
          name: 'local',
          changes: {
            description: { removed: 'Local', added: 'Local to One' },
            inclusions: { removed: `${product}:One`, added: `${product}:__Any__` },
          },
        },
      ],
    });
    expect(
      await world.refusal(productAdmin, 'POST', '/flag_type', {
        name: 'x',
        description: 'x',
        target_type: 'bug',
        inclusions: ['RefProduct'],
      }),
    ).toEqual({
      status: 401,
      code: 106,
      message: "Either the product 'RefProduct' does not exist or you don't have access to it.",
    });
    expect(await world.refusal(productAdmin, 'PUT', '/flag_type/hush', { description: 'Mine now' })).toEqual({
      status: 400,
      code: 1105,
      message:
        "You are not allowed to edit properties of the 'hush' flag type, because this flag type is not available for the products you can administer.",
    });
    expect(await world.refusal(productAdmin, 'PUT', '/flag_type/review1', { description: 'Mine now' })).toMatchObject({
      status: 400,
      code: 1105,
    });
    const read = await world.ok<{ products: Array<{ group_controls: unknown[] }> }>(
      ADMIN,
      'GET',
      `/product/${encodeURIComponent(product)}?include_fields=group_controls`,
    );
    expect(read.products[0]?.group_controls).toMatchObject([{ group: admins, editcomponents: true, membercontrol: 'NA' }]);
  });
}
