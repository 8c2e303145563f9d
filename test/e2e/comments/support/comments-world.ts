import { ADMIN, ANONYMOUS, type Caller, DATETIME, TrackerWorld, errorOf } from '../../../support/world';

export { ADMIN, ANONYMOUS, type Caller, DATETIME, errorOf };

export const PASSWORD = 'Comments-Pass-2026!';

/** The comments suites' world: the shared one plus products, bugs and comments (see test/support/world.ts). */
export class CommentsWorld extends TrackerWorld {
  constructor(baseUrl: () => string) {
    super(baseUrl, PASSWORD);
  }

  /** A product of its own with one component, and group controls ({group, membercontrol, othercontrol, canedit, entry}). */
  async product(name: string, groupControls: ReadonlyArray<Record<string, unknown>> = []): Promise<{ product: string; component: string }> {
    const product = `${name}-${this.suffix}`;
    await this.ok(ADMIN, 'POST', '/product', { name: product, description: `${name} (e2e)`, version: 'unspecified' }, 201);
    await this.ok(
      ADMIN,
      'POST',
      '/component',
      { product, name: 'Main', description: 'Main component', default_assignee: ADMIN.login },
      201,
    );
    if (groupControls.length > 0) await this.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(product)}`, { group_controls: groupControls });
    return { product, component: 'Main' };
  }

  async bug(reporter: Caller, description: string, extra: Record<string, unknown> = {}): Promise<number> {
    const { id } = await this.ok<{ id: number }>(reporter, 'POST', '/bug', {
      product: 'TestProduct',
      component: 'TestComponent',
      version: 'unspecified',
      op_sys: 'All',
      platform: 'All',
      summary: `comments e2e ${this.suffix}`,
      description,
      ...extra,
    });
    return id;
  }

  async comment(caller: Caller, bugId: number | string, body: Record<string, unknown>): Promise<number> {
    return (await this.ok<{ id: number }>(caller, 'POST', `/bug/${bugId}/comment`, body, 201)).id;
  }
}
