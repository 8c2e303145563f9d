import type { CatalogSuite } from '../support/suite';
import { ADMIN, expectError, type TestUser, unique } from '../support/catalog-api';
import { productReads, TEST_PRODUCT } from '../support/product-reads';

/** Classifications and keywords. */
export function classificationAndKeywordCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { product, newProduct } = productReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('classifications', () => {
    it('reads a classification with its products (golden 46), for editclassifications members', async () => {
      const body = await api.read<{ classifications: Array<{ products: Array<{ name: string }> }> }>(
        '/rest/classification/Unclassified',
        ADMIN,
      );
      expect(body.classifications).toEqual([
        { id: 1, name: 'Unclassified', description: 'Not assigned to any classification', sort_key: 0, products: expect.any(Array) },
      ]);
      expect(body.classifications[0]?.products).toContainEqual({ id: 1, name: 'TestProduct', description: TEST_PRODUCT.description });
      expect(await api.read('/rest/classification/1?include_fields=name,products.id', ADMIN)).toMatchObject({
        classifications: [{ name: 'Unclassified', products: expect.arrayContaining([{ id: 1 }]) }],
      });
    });

    it('answers 900 to others while classifications are off, 51 for unknown ones', async () => {
      expectError(await api.get('/rest/classification/Unclassified'), 400, 900, 'Sorry, classification is not enabled.');
      expectError(await api.get('/rest/classification/Nope', ADMIN), 404, 51, "There is no classification named 'Nope'.");
      expectError(await api.get('/rest/classification/999', ADMIN), 404, 51, "There is no classification with the id '999'.");
    });

    it('creates and renames classifications, and files products under them', async () => {
      const name = unique('Class');
      const id = await api.create('/rest/classification', { name, description: 'Boxes', sort_key: 3 });
      const p = await newProduct({ classification: name.toLowerCase() });
      expect((await product(p.name)).classification).toBe(name);
      const renamed = unique('Klass');
      expect((await api.put(`/rest/classification/${id}`, { name: renamed })).json()).toEqual({
        classifications: [{ id, changes: { name: { added: renamed, removed: name } } }],
      });
      expect((await product(p.name)).classification).toBe(renamed);
      const moved = await api.put(`/rest/product/${p.name}`, { classification: 'Unclassified' });
      expect(moved.json()).toEqual({ products: [{ id: p.id, changes: { classification: { added: 'Unclassified', removed: renamed } } }] });
      expect(
        (
          await api.read<{ classifications: Array<{ name: string; sort_key: number; products: unknown[] }> }>(
            `/rest/classification/${renamed}`,
            ADMIN,
          )
        ).classifications,
      ).toEqual([{ id, name: renamed, description: 'Boxes', sort_key: 3, products: [] }]);
      expectError(
        await api.post('/rest/classification', { name: renamed.toUpperCase() }),
        400,
        32000,
        `A classification with the name '${renamed}' already exists.`,
      );
      expectError(await api.post('/rest/classification', { name: '' }), 400, 32000, 'You must enter a classification name.');
      expectError(await api.post('/rest/classification', { name: 'x', sort_key: -1 }), 400, 32000);
      expectError(
        await api.post('/rest/classification', { name: 'x' }, user.caller),
        401,
        304,
        "Sorry, you aren't a member of the 'editclassifications' group, and so you are not authorized to add, modify or delete classifications.",
      );
    });
  });

  describe('keywords', () => {
    const keywords = async (): Promise<Array<{ name: string; description: string }>> =>
      (await api.read<{ fields: Array<{ values: Array<{ name: string; description: string }> }> }>('/rest/field/bug/keywords')).fields[0]
        ?.values ?? [];

    it('creates and renames keywords, read as the values of the keywords field', async () => {
      const name = unique('kw');
      const id = await api.create('/rest/keyword', { name, description: 'Some keyword' });
      expect(await keywords()).toContainEqual({ name, description: 'Some keyword' });
      expect((await api.put(`/rest/keyword/${name}`, { name: `${name}x`, description: 'Renamed' })).json()).toEqual({
        keywords: [
          { id, changes: { name: { added: `${name}x`, removed: name }, description: { added: 'Renamed', removed: 'Some keyword' } } },
        ],
      });
      expect(await keywords()).toContainEqual({ name: `${name}x`, description: 'Renamed' });
    });

    it('refuses bad keywords and non-members of editkeywords', async () => {
      expectError(
        await api.post('/rest/keyword', { name: 'CRASH', description: 'x' }),
        400,
        32000,
        'A keyword with the name CRASH already exists.',
      );
      expectError(
        await api.post('/rest/keyword', { name: 'two words', description: 'x' }),
        400,
        32000,
        'You may not use commas or whitespace in a keyword name.',
      );
      expectError(
        await api.post('/rest/keyword', { name: 'lonely' }),
        400,
        32000,
        'You must enter a non-blank description for the keyword.',
      );
      expectError(await api.put('/rest/keyword/nope', { description: 'x' }), 404, 51, "There is no keyword named 'nope'.");
      expectError(
        await api.post('/rest/keyword', { name: 'k', description: 'x' }, user.caller),
        401,
        304,
        "Sorry, you aren't a member of the 'editkeywords' group, and so you are not authorized to add, modify or delete keywords.",
      );
    });
  });
}
