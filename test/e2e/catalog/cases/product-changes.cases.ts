import type { CatalogSuite } from '../support/suite';
import { expectError, NOBODY, type TestUser, unique } from '../support/catalog-api';
import { EDITCOMPONENTS, productReads } from '../support/product-reads';

/** Product.create and Product.update. */
export function productChangeCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { product, newProduct } = productReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('Product.create and Product.update', () => {
    it('creates a product with its version and default milestone (golden 40)', async () => {
      const name = unique('Golden');
      const response = await api.post('/rest/product', {
        name,
        description: 'Golden product',
        version: '0.1',
        has_unconfirmed: false,
        is_open: true,
      });
      expect(response.status).toBe(201);
      const { id } = response.json<{ id: number }>();
      expect(await product(name)).toEqual({
        id,
        name,
        description: 'Golden product',
        is_active: true,
        default_milestone: '---',
        has_unconfirmed: false,
        classification: 'Unclassified',
        components: [],
        versions: [{ id: expect.any(Number), name: '0.1', sort_key: 0, is_active: true }],
        milestones: [{ id: expect.any(Number), name: '---', sort_key: 0, is_active: true }],
      });
      const milestoned = await newProduct({ default_milestone: 'v1' });
      expect((await product(milestoned.name)).default_milestone).toBe('v1');
    });

    it.each([
      [{ name: ' ', description: 'd', version: '1' }, 700, 'You must enter a name for the product.'],
      [
        { name: 'x'.repeat(65), description: 'd', version: '1' },
        701,
        `The name of a product is limited to 64 characters. '${'x'.repeat(65)}' is too long (65 characters).`,
      ],
      [{ name: 'TestProduct', description: 'd', version: '1' }, 702, "The product name 'TestProduct' already exists."],
      [
        { name: 'testproduct', description: 'd', version: '1' },
        702,
        "The product name 'testproduct' differs from existing product 'TestProduct' only in case.",
      ],
      [{ name: 'NoDescProduct', version: '1' }, 703, 'You must enter a description for this product.'],
      [{ name: 'NoVersionProduct', description: 'd' }, 704, 'You must enter a valid version to create a new product.'],
      [{ name: 'BadClassProduct', description: 'd', version: '1', classification: 'Nope' }, 51, "There is no classification named 'Nope'."],
    ])('refuses %p with %p (golden 41)', async (body, code, message) => {
      expectError(await api.post('/rest/product', body), code === 51 ? 404 : 400, code, message);
    });

    it('updates by name and reports the changes (golden 43)', async () => {
      const p = await newProduct();
      const response = await api.put(`/rest/product/${p.name}`, { description: `${p.name} (updated)`, default_milestone: '---' });
      expect(response.json()).toEqual({
        products: [{ id: p.id, changes: { description: { added: `${p.name} (updated)`, removed: `${p.name} product` } } }],
      });
      const renamed = unique('Renamed');
      const again = await api.put(`/rest/product/${p.id}`, { name: renamed, is_open: false, has_unconfirmed: false });
      expect(again.json()).toEqual({
        products: [
          {
            id: p.id,
            changes: {
              name: { added: renamed, removed: p.name },
              is_open: { added: '0', removed: '1' },
              has_unconfirmed: { added: '0', removed: '1' },
            },
          },
        ],
      });
      expect(await product(renamed)).toMatchObject({ id: p.id, is_active: false, has_unconfirmed: false });
    });

    it('updates several products named by path, ids and names together', async () => {
      const a = await newProduct();
      const b = await newProduct();
      const response = await api.put(`/rest/product/${a.name}`, { ids: [b.id], description: 'Shared' });
      expect(
        response
          .json<{ products: Array<{ id: number }> }>()
          .products.map((p) => p.id)
          .sort(),
      ).toEqual([a.id, b.id].sort());
      expectError(
        await api.put(`/rest/product/${a.name}`, { ids: [b.id], name: 'Both' }),
        400,
        32000,
        'You cannot set the name of several products at once.',
      );
    });

    it('changes the default milestone only to one the product has (705), nothing changed on error', async () => {
      const p = await newProduct();
      await api.create('/rest/milestone', { product: p.name, name: 'M1' });
      expect((await api.put(`/rest/product/${p.name}`, { default_milestone: 'm1' })).json()).toEqual({
        products: [{ id: p.id, changes: { default_milestone: { added: 'M1', removed: '---' } } }],
      });
      expectError(
        await api.put(`/rest/product/${p.name}`, { description: 'never', default_milestone: 'M9' }),
        400,
        705,
        `You must create the milestone 'M9' before it can be made the default milestone for product '${p.name}'.`,
      );
      expect((await product(p.name)).description).toBe(`${p.name} product`);
    });

    it('refuses to rename onto another product, unknown products (106) and calls naming none', async () => {
      const p = await newProduct();
      expectError(
        await api.put(`/rest/product/${p.name}`, { name: 'TESTPRODUCT' }),
        400,
        702,
        `The product name 'TESTPRODUCT' differs from existing product 'TestProduct' only in case.`,
      );
      expectError(
        await api.put('/rest/product/NoSuchProduct', { description: 'x' }),
        401,
        106,
        "Either the product 'NoSuchProduct' does not exist or you don't have access to it.",
      );
      expectError(
        await api.put('/rest/product/9999', { description: 'x' }),
        401,
        106,
        "Either the product with the id 9999 does not exist or you don't have access to it.",
      );
      expectError(await api.put('/rest/product/TestProduct', { description: '' }), 400, 703);
    });

    it('requires editcomponents (golden 42) and a login', async () => {
      expectError(await api.put('/rest/product/TestProduct', { description: 'x' }, user.caller), 401, 304, EDITCOMPONENTS('products'));
      expectError(
        await api.post('/rest/product', { name: 'X', description: 'x', version: '1' }, user.caller),
        401,
        304,
        EDITCOMPONENTS('products', 'add new'),
      );
      expectError(
        await api.post('/rest/product', { name: 'X', description: 'x', version: '1' }, NOBODY),
        401,
        410,
        'You must log in before using this part of Tracker.',
      );
    });
  });
}
