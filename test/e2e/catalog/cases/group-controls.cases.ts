import type { CatalogSuite } from '../support/suite';
import { ADMIN, expectError, newGroup, newUser, NOBODY, type TestUser } from '../support/catalog-api';
import { productReads } from '../support/product-reads';

/** Product group controls: who may see a product, file bugs in it, edit them. */
export function groupControlCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { products, product, newProduct, ids } = productReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('product group controls', () => {
    it('hides a product from everybody outside a Mandatory entry group; Mandatory alone only stops searching it', async () => {
      const group = await newGroup(api, 'secret');
      const member = await newUser(api, 'member', [group.name]);
      const p = await newProduct();
      await api.create('/rest/component', { product: p.name, name: 'C', description: 'd', default_assignee: 'admin@example.com' });
      const set = await api.put(`/rest/product/${p.name}`, {
        group_controls: [{ group: group.name, membercontrol: 'Mandatory', othercontrol: 'mandatory' }],
      });
      expect(set.json()).toEqual({
        products: [{ id: p.id, changes: { group_controls: { added: `${group.name}: MANDATORY/MANDATORY`, removed: '' } } }],
      });
      // Bugzilla: accessible = selectable (no Mandatory group one is outside) or enterable
      expect(await ids('/rest/product_selectable', user.caller)).not.toContain(p.id);
      expect(await ids('/rest/product_enterable', user.caller)).toContain(p.id);
      await api.put(`/rest/product/${p.name}`, { group_controls: [{ group: group.name, entry: true }] });
      for (const caller of [NOBODY, user.caller]) {
        expect(await ids('/rest/product_accessible', caller)).not.toContain(p.id);
        expect(await api.read(`/rest/product/${p.name}`, caller)).toEqual({ products: [] });
        expect(
          (
            await api.read<{ fields: Array<{ values: Array<{ visibility_values: string[] }> }> }>('/rest/field/bug/component', caller)
          ).fields[0]?.values.map((v) => v.visibility_values[0]),
        ).not.toContain(p.name);
      }
      expect(await ids('/rest/product_accessible', member.caller)).toContain(p.id);
      expect(await ids('/rest/product_enterable', ADMIN)).toContain(p.id);
      expectError(
        await api.post(
          '/rest/component',
          { product: p.name, name: 'D', description: 'd', default_assignee: 'admin@example.com' },
          user.caller,
        ),
        401,
        304,
      );
    });

    it('keeps entry to members while others still see the product; shows controls to editcomponents only', async () => {
      const group = await newGroup(api, 'entry');
      const member = await newUser(api, 'enterer', [group.name]);
      const p = await newProduct();
      await api.create('/rest/component', { product: p.name, name: 'C', description: 'd', default_assignee: 'admin@example.com' });
      await api.put(`/rest/product/${p.name}`, {
        group_controls: [
          { group: group.name, entry: true, membercontrol: 'Default', othercontrol: 'NA', canedit: true, editcomponents: true },
        ],
      });
      expect(await ids('/rest/product_selectable', user.caller)).toContain(p.id);
      expect(await ids('/rest/product_enterable', user.caller)).not.toContain(p.id);
      expect(await ids('/rest/product_enterable', member.caller)).toContain(p.id);
      expect((await product(p.name)).group_controls).toBeUndefined();
      expect(await products(`/rest/product/${p.name}?include_fields=name,group_controls`, ADMIN)).toEqual([
        {
          name: p.name,
          group_controls: [
            {
              group: group.name,
              group_id: group.id,
              entry: true,
              membercontrol: 'DEFAULT',
              othercontrol: 'NA',
              canedit: true,
              editcomponents: true,
            },
          ],
        },
      ]);
      expect((await products(`/rest/product/${p.name}?include_fields=_extra`, member.caller))[0]).toEqual({});
      const cleared = await api.put(`/rest/product/${p.name}`, {
        group_controls: [{ group: group.name, entry: false, membercontrol: 'NA', canedit: false, editcomponents: false }],
      });
      expect(cleared.json()).toEqual({
        products: [
          { id: p.id, changes: { group_controls: { added: '', removed: `${group.name}: DEFAULT/NA, entry, canedit, editcomponents` } } },
        ],
      });
      expect(await ids('/rest/product_enterable', user.caller)).toContain(p.id);
    });

    it('refuses illegal combinations, unknown groups and groups that are no active bug groups', async () => {
      const group = await newGroup(api, 'combo');
      expectError(
        await api.put('/rest/product/TestProduct', { group_controls: [{ group: group.name, membercontrol: 'NA', othercontrol: 'Shown' }] }),
        400,
        32000,
        `Your group control combination for group "${group.name}" is illegal.`,
      );
      expectError(
        await api.put('/rest/product/TestProduct', { group_controls: [{ group: 'no-such-group', entry: true }] }),
        404,
        51,
        "There is no group named 'no-such-group'.",
      );
      expectError(
        await api.put('/rest/product/TestProduct', { group_controls: [{ group: 'editbugs', entry: true }] }),
        400,
        32000,
        'editbugs is not an active bug group and so you cannot edit group controls for it.',
      );
      expectError(
        await api.put('/rest/product/TestProduct', { group_controls: [{ group: group.name, membercontrol: 'Sometimes' }] }),
        400,
        53,
      );
    });
  });
}
