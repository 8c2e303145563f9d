import { randomUUID } from 'node:crypto';
import { http, type HttpResponse, jsonCall } from '@tracker/testing';
import { TEST_ADMIN } from '../../../support/admin';

/** Who calls: an API key (sent as X-BUGZILLA-API-KEY, as an R6 client does) or nobody. */
export interface Caller {
  readonly apiKey?: string;
}

export const ADMIN: Caller = { apiKey: TEST_ADMIN.apiKey };
export const NOBODY: Caller = {};

const headersOf = (caller: Caller): Record<string, string> => (caller.apiKey ? { 'x-bugzilla-api-key': caller.apiKey } : {});

/** The catalog's REST calls on a running Tracker, as some caller. */
export class CatalogApi {
  constructor(private readonly baseUrl: () => string) {}

  get(path: string, caller: Caller = NOBODY): Promise<HttpResponse> {
    return http(this.baseUrl(), path, { headers: { accept: 'application/json', ...headersOf(caller) } });
  }

  post(path: string, body: unknown, caller: Caller = ADMIN): Promise<HttpResponse> {
    return http(this.baseUrl(), path, jsonCall('POST', body, headersOf(caller)));
  }

  put(path: string, body: unknown, caller: Caller = ADMIN): Promise<HttpResponse> {
    return http(this.baseUrl(), path, jsonCall('PUT', body, headersOf(caller)));
  }

  /** POST that must answer 201 `{id}`; returns the id. */
  async create(path: string, body: unknown, caller: Caller = ADMIN): Promise<number> {
    const response = await this.post(path, body, caller);
    expect({ status: response.status, body: response.json<unknown>() }).toEqual({ status: 201, body: { id: expect.any(Number) } });
    return response.json<{ id: number }>().id;
  }

  /** GET that must answer 200; returns the parsed body. */
  async read<T>(path: string, caller: Caller = NOBODY): Promise<T> {
    const response = await this.get(path, caller);
    expect({ status: response.status, path }).toEqual({ status: 200, path });
    return response.json<T>();
  }
}

/** The error envelope, checked whole: status, code and (when given) the exact message. */
export function expectError(response: HttpResponse, status: number, code: number, message?: string | RegExp): void {
  const body = response.json<{ error: boolean; code: number; message: string }>();
  expect({ status: response.status, error: body.error, code: body.code }).toEqual({ status, error: true, code });
  if (typeof message === 'string') expect(body.message).toBe(message);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
}

/** A name no other test uses. */
export const unique = (label: string): string => `${label}${randomUUID().slice(0, 6)}`;

export interface TestUser {
  readonly id: number;
  readonly login: string;
  readonly caller: Caller;
}

/** A fresh account with an API key, made by the administrator, optionally in some groups. */
export async function newUser(api: CatalogApi, label: string, groups: readonly string[] = []): Promise<TestUser> {
  const login = `${unique(label)}@example.com`;
  const created = await api.post('/rest/user', { email: login, full_name: `${label} person`, password: 'Secret-Pass-1' });
  expect(created.status).toBe(201);
  const { id } = created.json<{ id: number }>();
  if (groups.length > 0) expect((await api.put(`/rest/user/${id}`, { groups: { add: groups } })).status).toBe(200);
  const key = await api.post('/rest/user/api_key', { user: login, description: 'catalog e2e' });
  expect(key.status).toBe(201);
  return { id, login, caller: { apiKey: key.json<{ api_key: string }>().api_key } };
}

/** A new bug group (unique name) made by the administrator. */
export async function newGroup(api: CatalogApi, label: string): Promise<{ id: number; name: string }> {
  const name = unique(label);
  const response = await api.post('/rest/group', { name, description: `${label} group`, is_active: true });
  expect(response.status).toBe(201);
  return { id: response.json<{ id: number }>().id, name };
}
