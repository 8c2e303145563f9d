import { randomUUID } from 'node:crypto';
import { type HttpResponse, http, jsonCall } from '@tracker/testing';
import { TEST_ADMIN } from './admin';

/**
 * Setting up an end-to-end suite's world over the public REST API only, as a real
 * administrator would: users with their groups and API keys, groups. A caller is a set of
 * headers; ANONYMOUS sends none. Names carry a per-suite suffix, so suites never collide.
 * Service suites extend it with what they need (products, bugs, comments).
 */
export interface Caller {
  readonly login: string;
  readonly id: number;
  readonly headers: Readonly<Record<string, string>>;
}

export const ANONYMOUS: Caller = { login: '', id: 0, headers: {} };
export const ADMIN: Caller = { login: TEST_ADMIN.login, id: 1, headers: { 'x-bugzilla-api-key': TEST_ADMIN.apiKey } };
export const DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

export class TrackerWorld {
  readonly suffix = randomUUID().slice(0, 8);

  constructor(
    protected readonly baseUrl: () => string,
    readonly password = 'World-Pass-2026!',
  ) {}

  call(caller: Caller, method: string, path: string, body?: unknown): Promise<HttpResponse> {
    return http(this.baseUrl(), `/rest${path}`, jsonCall(method, body, caller.headers));
  }

  /** The call, which must answer `status`; its JSON body. */
  async ok<T>(caller: Caller, method: string, path: string, body?: unknown, status = 200): Promise<T> {
    const response = await this.call(caller, method, path, body);
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    return response.json<T>();
  }

  /** A new account in `groups`, calling with an API key of its own. */
  async user(name: string, groups: readonly string[] = [], fullName = `${name} person`): Promise<Caller> {
    const login = `${name}-${this.suffix}@example.com`;
    const { id } = await this.ok<{ id: number }>(
      ADMIN,
      'POST',
      '/user',
      { email: login, full_name: fullName, password: this.password },
      201,
    );
    if (groups.length > 0) await this.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(login)}`, { groups: { add: groups } });
    const { api_key } = await this.ok<{ api_key: string }>(ADMIN, 'POST', '/user/api_key', { user: login, description: 'e2e' }, 201);
    return { login, id, headers: { 'x-bugzilla-api-key': api_key } };
  }

  async group(name: string): Promise<string> {
    const group = `${name}-${this.suffix}`;
    await this.ok(ADMIN, 'POST', '/group', { name: group, description: `${name} (e2e)`, is_active: true }, 201);
    return group;
  }
}

/** An error response's status and envelope fields, for exact assertions. */
export function errorOf(response: HttpResponse): { status: number; code: number; message: string } {
  const body = response.json<{ code: number; message: string }>();
  return { status: response.status, code: body.code, message: body.message };
}
