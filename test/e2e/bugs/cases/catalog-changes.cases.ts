import { ADMIN, errorOf } from '../support/bugs-world';
import type { BugsSuite } from '../support/bugs-suite';

/**
 * The bugs service keeps the catalog's rules and checks them against the log on each use
 * (docs/bugs.md, "Catalog rules cache"): a change the catalog has answered is honoured by
 * the very next create. Each case first creates twice, so that the second create is
 * served from a kept answer, then changes the catalog and creates at once.
 */
export function catalogChangeCases({ world, bugs, fixture }: BugsSuite): void {
  describe('create right after a catalog change', () => {
    const rememberRules = async (product: string): Promise<void> => {
      await world.bug(ADMIN, product);
      await world.bug(ADMIN, product);
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

    it('refuses a product just closed for bug entry, and accepts it again once reopened', async () => {
      const product = await world.product('RulesProduct');
      await rememberRules(product);
      await world.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(product)}`, { is_open: false });
      const refused = await world.call(ADMIN, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 'closed' });
      expect(errorOf(refused)).toEqual({
        status: 401,
        code: 106,
        message: `Sorry, entering a bug into the product ${product} has been disabled.`,
      });
      await world.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(product)}`, { is_open: true });
      expect(await world.bug(ADMIN, product)).toEqual(expect.any(Number));
    });
  });
}
