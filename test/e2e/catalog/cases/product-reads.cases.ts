import type { CatalogSuite } from '../support/suite';
import { ADMIN, expectError, type TestUser } from '../support/catalog-api';
import { productReads, TEST_PRODUCT } from '../support/product-reads';

/** The fresh install and Product.get. */
export function productReadCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { products, product, newProduct, ids } = productReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('a fresh install', () => {
    it("has Bugzilla's test product and component, the administrator its default assignee", async () => {
      expect(await products('/rest/product/TestProduct')).toEqual([TEST_PRODUCT]);
      expect(await products('/rest/product/1', ADMIN)).toEqual([TEST_PRODUCT]);
    });

    it('lists it as accessible, selectable and enterable for anybody (golden 33-35)', async () => {
      expect(await ids('/rest/product_accessible')).toEqual([1]);
      expect(await ids('/rest/product_selectable', user.caller)).toEqual([1]);
      expect(await ids('/rest/product_enterable', ADMIN)).toEqual([1]);
    });
  });

  describe('Product.get', () => {
    it('finds products by id and by name in any case, merges path, ids and names, each once', async () => {
      const a = await newProduct();
      const b = await newProduct();
      expect((await products(`/rest/product/${a.name.toUpperCase()}?ids=${b.id}&ids=${a.id}`)).map((p) => p.id).sort()).toEqual(
        [a.id, b.id].sort(),
      );
      expect((await products(`/rest/product?names=${a.name}&names=${b.name.toLowerCase()}`)).map((p) => p.name).sort()).toEqual(
        [a.name, b.name].sort(),
      );
      // python-bugzilla calls GET /rest/product/get?names=..: "get" is one more name no product has
      expect((await products(`/rest/product/get?names=${a.name}&ids=1`)).map((p) => p.id).sort()).toEqual([1, a.id].sort());
    });

    it('leaves unknown products out silently (golden 39)', async () => {
      expect(await api.read('/rest/product/NoSuchProduct')).toEqual({ products: [] });
      expect(await api.read('/rest/product?ids=9999')).toEqual({ products: [] });
    });

    it('lists products of a type, single or several, duplicates ignored (golden 38)', async () => {
      const closed = await newProduct({ is_open: false });
      const accessible = (await products('/rest/product?type=accessible&include_fields=name')).map((p) => p.name);
      expect(accessible).toContain('TestProduct');
      expect(accessible).toContain(closed.name);
      expect(Object.keys((await products('/rest/product?type=accessible&include_fields=name'))[0] ?? {})).toEqual(['name']);
      const enterable = (await products('/rest/product?type=enterable&type=enterable')).map((p) => p.name);
      expect(enterable).toContain('TestProduct');
      expect(enterable).not.toContain(closed.name);
      expect((await products('/rest/product?type=selectable&type=enterable')).map((p) => p.name)).toContain(closed.name);
      expect(await ids('/rest/product_enterable')).not.toContain(closed.id);
      expect(await ids('/rest/product_selectable')).toContain(closed.id);
    });

    it('refuses a bad type and a call naming nothing', async () => {
      expectError(
        await api.get('/rest/product?type=visible'),
        400,
        32000,
        "The product type 'visible' is invalid. Valid choices are 'accessible', 'selectable', and 'enterable'.",
      );
      expectError(
        await api.get('/rest/product'),
        400,
        50,
        'The function Product.get requires that you set one of the following parameters: ids, names, type',
      );
    });

    it('filters components, versions and milestones by parent.child (golden 37)', async () => {
      expect(await api.read('/rest/product?ids=1&include_fields=id,name,components.name')).toEqual({
        products: [{ id: 1, name: 'TestProduct', components: [{ name: 'TestComponent' }] }],
      });
      const [excluded] = await products('/rest/product/1?exclude_fields=components.description,versions,milestones.id');
      expect(excluded?.components?.[0]).not.toHaveProperty('description');
      expect(excluded).not.toHaveProperty('versions');
      expect(excluded?.milestones).toEqual([{ name: '---', sort_key: 0, is_active: true }]);
    });

    it('orders versions as Bugzilla does (vers_cmp) and milestones by sort key', async () => {
      const p = await newProduct({ version: '1.10' });
      for (const name of ['1.9', '10.0', '1.2-beta']) await api.create('/rest/version', { product: p.name, name });
      await api.create('/rest/milestone', { product: p.name, name: 'M2', sort_key: 20 });
      await api.create('/rest/milestone', { product: p.name, name: 'M1', sort_key: 10 });
      await api.create('/rest/milestone', { product: p.name, name: 'early', sort_key: -5 });
      const read = await product(p.name);
      expect(read.versions?.map((v) => v.name)).toEqual(['1.2-beta', '1.9', '1.10', '10.0']);
      expect(read.milestones?.map((m) => [m.name, m.sort_key])).toEqual([
        ['early', -5],
        ['---', 0],
        ['M1', 10],
        ['M2', 20],
      ]);
    });
  });
}
