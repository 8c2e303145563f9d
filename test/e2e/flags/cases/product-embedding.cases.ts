import { type Caller, type FlagTypeSummaryBody, type FlagTypesWorld } from '../support/flag-types-world';

/**
 * Flag types in product reads (docs/flags.md §2): `components.flag_types` lists the types
 * applying to each component, for a caller in no group, and field filters leave it out.
 * Reads RefProduct as the flag type cases left it (their types 1-8).
 */
export function productEmbeddingCases(world: FlagTypesWorld, plain: () => Caller): void {
  it('embeds the types applying to each component in product reads (components.flag_types)', async () => {
    type Product = {
      components: Array<{ name: string; flag_types?: { bug: FlagTypeSummaryBody[]; attachment: FlagTypeSummaryBody[] } }>;
    };
    const read = async (query = ''): Promise<Product['components']> =>
      (await world.ok<{ products: Product[] }>(plain(), 'GET', `/product?names=RefProduct${query}`)).products[0]?.components ?? [];
    const names = (components: Product['components']) =>
      components.map((c) => [c.name, c.flag_types?.bug.map((t) => t.name), c.flag_types?.attachment.map((t) => t.name)]);
    const components = await read();
    expect(names(components)).toEqual([
      ['Backend', [], ['hush', 'review1']],
      ['RefComponent', ['needinfo1', 'gated', 'granted'], ['hush', 'review1']],
    ]);
    expect(components[1]?.flag_types?.bug[0]).toEqual({
      id: 2,
      name: 'needinfo1',
      description: 'Need info',
      cc_list: 'c@example.com',
      sort_key: 1,
      is_active: false,
      is_requestable: true,
      is_requesteeble: false,
      is_multiplicable: true,
      grant_group: null,
      request_group: expect.any(Number),
    });
    expect(names(await read('&exclude_fields=components.flag_types'))).toEqual([
      ['Backend', undefined, undefined],
      ['RefComponent', undefined, undefined],
    ]);
    expect(names(await read('&include_fields=components.name'))).toEqual([
      ['Backend', undefined, undefined],
      ['RefComponent', undefined, undefined],
    ]);
  });
}
