import { ADMIN, ANONYMOUS, type Caller, DATETIME, TrackerWorld, errorOf } from '../../../support/world';

export { ADMIN, ANONYMOUS, type Caller, DATETIME, errorOf };

export const PASSWORD = 'Bugs-Pass-2026!';

/** The bugs suites' world: the shared one plus keywords, products with two components, bugs (see test/support/world.ts). */
export class BugsWorld extends TrackerWorld {
  constructor(baseUrl: () => string) {
    super(baseUrl, PASSWORD);
  }

  /** A keyword, created unless the installation has it already. */
  async keyword(name: string): Promise<void> {
    const response = await this.call(ADMIN, 'POST', '/keyword', { name, description: name });
    if (response.status !== 201 && !/already exists/.test(response.text))
      throw new Error(`POST /keyword: ${response.status} ${response.text}`);
  }

  /** A product with components Main (assignee: admin) and Backend, versions 1.0 and 2.0, milestones M1 (default) and M2. */
  async product(name: string, groupControls: ReadonlyArray<Record<string, unknown>> = []): Promise<string> {
    const product = `${name}-${this.suffix}`;
    await this.ok(ADMIN, 'POST', '/product', { name: product, description: `${name} (e2e)`, version: '1.0', default_milestone: 'M1' }, 201);
    await this.ok(
      ADMIN,
      'POST',
      '/component',
      { product, name: 'Main', description: 'Main component', default_assignee: ADMIN.login },
      201,
    );
    if (groupControls.length > 0) await this.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(product)}`, { group_controls: groupControls });
    return product;
  }

  async bug(reporter: Caller, product: string, extra: Record<string, unknown> = {}): Promise<number> {
    const { id } = await this.ok<{ id: number }>(reporter, 'POST', '/bug', {
      product,
      component: 'Main',
      version: '1.0',
      op_sys: 'All',
      platform: 'All',
      summary: `bugs e2e ${this.suffix}`,
      description: 'Steps to reproduce.',
      ...extra,
    });
    return id;
  }
}

/** A bug object as Bug.get answers it (the fields the suites look at). */
export type BugObject = Record<string, unknown> & { readonly id: number };

/** Helpers over the calls the suites make most. */
export class BugCalls {
  constructor(private readonly world: BugsWorld) {}

  async read(caller: Caller, ref: number | string, query = ''): Promise<BugObject> {
    const { bugs } = await this.world.ok<{ bugs: BugObject[] }>(caller, 'GET', `/bug/${ref}${query}`);
    const [bug] = bugs;
    if (!bug) throw new Error(`no bug ${ref}`);
    return bug;
  }

  async search(caller: Caller, query: string): Promise<number[]> {
    const { bugs } = await this.world.ok<{ bugs: BugObject[] }>(caller, 'GET', `/bug?${query}${query ? '&' : ''}include_fields=id`);
    return bugs.map((bug) => bug.id);
  }

  async update(
    caller: Caller,
    ref: number | string,
    body: Record<string, unknown>,
  ): Promise<{ id: number; alias: string[]; last_change_time: string; changes: Record<string, { added: string; removed: string }> }> {
    const { bugs } = await this.world.ok<{
      bugs: Array<{ id: number; alias: string[]; last_change_time: string; changes: Record<string, { added: string; removed: string }> }>;
    }>(caller, 'PUT', `/bug/${ref}`, body);
    const [bug] = bugs;
    if (!bug) throw new Error(`no update of ${ref}`);
    return bug;
  }

  async history(
    caller: Caller,
    ref: number | string,
    query = '',
  ): Promise<Array<{ when: string; who: string; changes: Array<{ field_name: string; removed: string; added: string }> }>> {
    const { bugs } = await this.world.ok<{
      bugs: Array<{
        history: Array<{ when: string; who: string; changes: Array<{ field_name: string; removed: string; added: string }> }>;
      }>;
    }>(caller, 'GET', `/bug/${ref}/history${query}`);
    return bugs[0]?.history ?? [];
  }

  async comments(
    caller: Caller,
    id: number,
  ): Promise<Array<{ text: string; raw_text: string; count: number; is_private: boolean; creator: string }>> {
    const result = await this.world.ok<{
      bugs: Record<string, { comments: Array<{ text: string; raw_text: string; count: number; is_private: boolean; creator: string }> }>;
    }>(caller, 'GET', `/bug/${id}/comment`);
    return result.bugs[String(id)]?.comments ?? [];
  }
}
