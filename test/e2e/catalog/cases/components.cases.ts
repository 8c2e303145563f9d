import type { CatalogSuite } from '../support/suite';
import { expectError, type TestUser } from '../support/catalog-api';
import { EDITCOMPONENTS, productReads } from '../support/product-reads';

/** Components (Bugzilla's calls), versions and milestones (Tracker extensions). */
export function componentCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { product, newProduct, ids } = productReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('Component.create and Component.update', () => {
    it('creates a component (golden 44) that the product then lists', async () => {
      const p = await newProduct();
      const response = await api.post('/rest/component', {
        product: p.name,
        name: 'GoldenComp',
        description: 'Golden component',
        default_assignee: 'admin@example.com',
      });
      expect(response.status).toBe(201);
      const { id } = response.json<{ id: number }>();
      expect((await product(p.name)).components).toEqual([
        {
          id,
          name: 'GoldenComp',
          description: 'Golden component',
          default_assigned_to: 'admin@example.com',
          default_qa_contact: '',
          sort_key: 0,
          is_active: true,
          flag_types: { bug: [], attachment: [] },
        },
      ]);
      expect(await ids('/rest/product_enterable')).toContain(p.id);
    });

    it('refuses an unknown assignee with 51 (golden 45) and names the product and component rules', async () => {
      const p = await newProduct();
      await api.create('/rest/component', { product: p.name, name: 'Engine', description: 'd', default_assignee: 'admin@example.com' });
      expectError(
        await api.post('/rest/component', { product: p.name, name: 'BadComp', description: 'x', default_assignee: 'nobody@nowhere.test' }),
        404,
        51,
        "There is no user named 'nobody@nowhere.test'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
      );
      const base = { product: p.name, name: 'Other', description: 'd', default_assignee: 'admin@example.com' };
      expectError(
        await api.post('/rest/component', { ...base, name: 'ENGINE' }),
        400,
        1200,
        `The ${p.name} product already has a component named Engine.`,
      );
      expectError(await api.post('/rest/component', { ...base, name: '' }), 400, 32000, 'You must enter a name for this new component.');
      expectError(await api.post('/rest/component', { ...base, name: 'c'.repeat(65) }), 400, 105);
      expectError(
        await api.post('/rest/component', { ...base, description: ' ' }),
        400,
        32000,
        'You must enter a non-blank description for this component.',
      );
      expectError(
        await api.post('/rest/component', { ...base, default_assignee: '' }),
        400,
        32000,
        'A default assignee is required for this component.',
      );
      expectError(await api.post('/rest/component', { ...base, product: 'NoSuchProduct' }), 401, 106);
      expectError(
        await api.post('/rest/component', { name: 'X', description: 'd', default_assignee: 'admin@example.com' }),
        400,
        50,
        'You must select/enter a product.',
      );
      expectError(await api.post('/rest/component', base, user.caller), 401, 304, EDITCOMPONENTS('components'));
    });

    it('updates by id and by product/component, default people as logins', async () => {
      const p = await newProduct();
      const id = await api.create('/rest/component', {
        product: p.name,
        name: 'Engine',
        description: 'd',
        default_assignee: 'admin@example.com',
      });
      const byId = await api.put(`/rest/component/${id}`, {
        default_assignee: user.login,
        default_qa_contact: 'admin@example.com',
        default_cc: [user.login],
      });
      expect(byId.json()).toEqual({
        components: [
          {
            id,
            changes: {
              default_assignee: { added: user.login, removed: 'admin@example.com' },
              default_qa_contact: { added: 'admin@example.com', removed: '' },
              default_cc: { added: user.login, removed: '' },
            },
          },
        ],
      });
      const byName = await api.put(`/rest/component/${p.name}/engine`, { name: 'Motor', is_open: false, description: 'Runs' });
      expect(byName.json()).toEqual({
        components: [
          {
            id,
            changes: {
              name: { added: 'Motor', removed: 'Engine' },
              description: { added: 'Runs', removed: 'd' },
              is_open: { added: '0', removed: '1' },
            },
          },
        ],
      });
      expect((await product(p.name)).components).toMatchObject([
        { id, name: 'Motor', default_assigned_to: user.login, default_qa_contact: 'admin@example.com', is_active: false },
      ]);
      // a product whose only component is inactive takes no new bugs
      expect(await ids('/rest/product_enterable')).not.toContain(p.id);
      expect(await ids('/rest/product_selectable')).toContain(p.id);
    });

    it('refuses unknown components (51) and what create refuses', async () => {
      expectError(await api.put('/rest/component/9999', { description: 'x' }), 404, 51, "There is no component with the id '9999'.");
      expectError(
        await api.put('/rest/component/TestProduct/Nope', { description: 'x' }),
        404,
        51,
        "There is no component named 'Nope' in the 'TestProduct' product.",
      );
      expectError(await api.put('/rest/component/1', { default_assignee: 'nobody@nowhere.test' }), 404, 51);
      expectError(
        await api.put('/rest/component/1', { default_assignee: '' }),
        400,
        32000,
        'A default assignee is required for this component.',
      );
      expectError(await api.put('/rest/component/1', { description: 'x' }, user.caller), 401, 304, EDITCOMPONENTS('components'));
    });
  });

  describe('versions and milestones (Tracker extensions)', () => {
    it('creates, renames and disables versions', async () => {
      const p = await newProduct();
      const id = await api.create('/rest/version', { product: p.name, name: '2.0' });
      expect((await api.put(`/rest/version/${id}`, { name: '2.1', is_active: false })).json()).toEqual({
        versions: [{ id, changes: { name: { added: '2.1', removed: '2.0' }, is_active: { added: '0', removed: '1' } } }],
      });
      expect((await api.put(`/rest/version/${p.name}/1.0`, { name: '1.0' })).json()).toEqual({
        versions: [{ id: expect.any(Number), changes: {} }],
      });
      expect((await product(p.name)).versions?.map((v) => [v.name, v.is_active])).toEqual([
        ['1.0', true],
        ['2.1', false],
      ]);
      expectError(
        await api.post('/rest/version', { product: p.name, name: '1.0' }),
        400,
        32000,
        `The version '1.0' already exists for product '${p.name}'.`,
      );
      expectError(await api.post('/rest/version', { product: p.name, name: ' ' }), 400, 32000, 'You must enter a name for this version.');
      expectError(
        await api.put(`/rest/version/${p.name}/9.9`, { is_active: false }),
        404,
        51,
        `There is no version named '9.9' in the '${p.name}' product.`,
      );
      expectError(await api.post('/rest/version', { product: p.name, name: '3' }, user.caller), 401, 304, EDITCOMPONENTS('versions'));
    });

    it('creates and updates milestones; renaming the default renames the default', async () => {
      const p = await newProduct();
      const id = await api.create('/rest/milestone', { product: p.name, name: 'Beta', sort_key: 5 });
      expect((await api.put(`/rest/milestone/${id}`, { sort_key: 7 })).json()).toEqual({
        milestones: [{ id, changes: { sort_key: { added: '7', removed: '5' } } }],
      });
      await api.put(`/rest/milestone/${p.name}/---`, { name: 'Future' });
      expect((await product(p.name)).default_milestone).toBe('Future');
      expectError(
        await api.post('/rest/milestone', { product: p.name, name: 'beta' }),
        400,
        32000,
        `The milestone 'Beta' already exists for product '${p.name}'.`,
      );
      expectError(
        await api.post('/rest/milestone', { product: p.name, name: 'M', sort_key: 40000 }),
        400,
        32000,
        "The sortkey '40000' is not in the range -32768 ≤ sortkey ≤ 32767.",
      );
      expectError(
        await api.post('/rest/milestone', { product: p.name, name: '' }),
        400,
        32000,
        'You must enter a name for this milestone.',
      );
      expectError(await api.put('/rest/milestone/9999', { name: 'x' }), 404, 51, "There is no milestone with the id '9999'.");
      expectError(await api.post('/rest/milestone', { product: p.name, name: 'X' }, user.caller), 401, 304, EDITCOMPONENTS('milestones'));
    });
  });
}
