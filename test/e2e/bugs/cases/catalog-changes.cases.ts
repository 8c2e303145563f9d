import { ADMIN, errorOf } from '../support/bugs-world';
import type { BugsSuite } from '../support/bugs-suite';

/**
 * The bugs service keeps the catalog's rules and checks them against the log on each use
 * (docs/bugs.md, "Catalog rules cache"): a change the catalog has answered is honoured by
 * the very next create. Each case first creates twice, so that the second create is
 * served from a kept answer, then changes the catalog and creates at once. A create on a
 * kept answer draws its ids while the log is looked at: one the newer rules refuse leaves
 * its ids to the next create, so bug numbers keep no gap (docs/bugs.md, "Create ids").
 */
export function catalogChangeCases({ world, bugs, fixture }: BugsSuite): void {
  describe('create right after a catalog change', () => {
    /** the id of the second bug, filed on the kept answer */
    const rememberRules = async (product: string): Promise<number> => {
      await world.bug(ADMIN, product);
      return world.bug(ADMIN, product);
    };

    it("assigns the component's new default assignee", async () => {
      const { dev } = fixture();
      const product = await world.product('RulesAssignee');
      await rememberRules(product);
      await world.ok(ADMIN, 'PUT', `/component/${encodeURIComponent(product)}/Main`, { default_assignee: dev.login });
      const id = await world.bug(ADMIN, product);
      expect((await bugs.read(ADMIN, id)).assigned_to).toBe(dev.login);
    });

    it('refuses the product once its only component is closed', async () => {
      const product = await world.product('RulesComponent');
      await rememberRules(product);
      await world.ok(ADMIN, 'PUT', `/component/${encodeURIComponent(product)}/Main`, { is_open: false });
      const refused = await world.call(ADMIN, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 'closed' });
      expect(errorOf(refused)).toEqual({
        status: 400,
        code: 32000,
        message: `Sorry, the product ${product} has to have at least one active component in order for you to enter a bug into it.`,
      });
    });

    it('refuses a product just closed for bug entry, and accepts it again once reopened, with the next id', async () => {
      const product = await world.product('RulesProduct');
      const last = await rememberRules(product);
      await world.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(product)}`, { is_open: false });
      const refused = await world.call(ADMIN, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 'closed' });
      expect(errorOf(refused)).toEqual({
        status: 401,
        code: 106,
        message: `Sorry, entering a bug into the product ${product} has been disabled.`,
      });
      await world.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(product)}`, { is_open: true });
      expect(await world.bug(ADMIN, product)).toBe(last + 1);
    });

    it('accepts a version added just before, which the kept answer does not know', async () => {
      const product = await world.product('RulesVersion');
      const last = await rememberRules(product);
      await world.ok(ADMIN, 'POST', '/version', { product, name: '7.0' }, 201);
      const { id } = await world.ok<{ id: number }>(ADMIN, 'POST', '/bug', { product, component: 'Main', version: '7.0', summary: 's' });
      expect(id).toBe(last + 1);
      expect((await bugs.read(ADMIN, id)).version).toBe('7.0');
    });

    it('refuses a version just deactivated, and the next bug filed gets the next id', async () => {
      const product = await world.product('RulesInactive');
      const last = await rememberRules(product);
      await world.ok(ADMIN, 'PUT', `/version/${encodeURIComponent(product)}/1.0`, { is_active: false });
      const refused = await world.call(ADMIN, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 's' });
      expect(errorOf(refused).status).toBe(400);
      await world.ok(ADMIN, 'PUT', `/version/${encodeURIComponent(product)}/1.0`, { is_active: true });
      expect(await world.bug(ADMIN, product)).toBe(last + 1);
    });
  });
}
