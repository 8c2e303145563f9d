import { ADMIN, ANONYMOUS, type Caller, TrackerWorld, errorOf } from '../../../support/world';

export { ADMIN, ANONYMOUS, type Caller, errorOf };

/** The flag-type suites' world: the shared one plus products with named components, and flag types. */
export class FlagTypesWorld extends TrackerWorld {
  constructor(baseUrl: () => string) {
    super(baseUrl, 'Flagtypes-Pass-2026!');
  }

  /** A product with these components (in this order), and group controls ({group, membercontrol, othercontrol, ...}). */
  async product(name: string, components: readonly string[], groupControls: ReadonlyArray<Record<string, unknown>> = []): Promise<string> {
    await this.ok(ADMIN, 'POST', '/product', { name, description: `${name} (e2e)`, version: 'unspecified' }, 201);
    for (const component of components) {
      await this.ok(
        ADMIN,
        'POST',
        '/component',
        { product: name, name: component, description: component, default_assignee: ADMIN.login },
        201,
      );
    }
    if (groupControls.length > 0) await this.ok(ADMIN, 'PUT', `/product/${encodeURIComponent(name)}`, { group_controls: groupControls });
    return name;
  }

  async flagType(body: Record<string, unknown>, caller: Caller = ADMIN): Promise<number> {
    return (await this.ok<{ id: number }>(caller, 'POST', '/flag_type', body, 201)).id;
  }

  /** `GET /rest/flag_type/{product}[/{component}]` (names URL-encoded), or BMO's `/flag_types/`. */
  flagTypes(caller: Caller, product: string, component?: string, base = '/flag_type'): Promise<FlagTypesBody> {
    const path = `${base}/${encodeURIComponent(product)}${component === undefined ? '' : `/${encodeURIComponent(component)}`}`;
    return this.ok<FlagTypesBody>(caller, 'GET', path);
  }

  async refusal(caller: Caller, method: string, path: string, body?: unknown): Promise<{ status: number; code: number; message: string }> {
    return errorOf(await this.call(caller, method, path, body));
  }
}

export interface FlagTypeBody {
  readonly id: number;
  readonly name: string;
  readonly values: readonly string[];
  readonly [key: string]: unknown;
}

export interface FlagTypesBody {
  readonly bug: readonly FlagTypeBody[];
  readonly attachment: readonly FlagTypeBody[];
}

/** A type in a component's `flag_types` of product reads. */
export interface FlagTypeSummaryBody {
  readonly id: number;
  readonly name: string;
  readonly [key: string]: unknown;
}
