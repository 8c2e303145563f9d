import { randomUUID } from 'node:crypto';
import { http, type HttpResponse, jsonCall } from '@tracker/testing';
import { TEST_ADMIN } from '../../../support/admin';

/** Who a call is made as, sent the way a client may send it (headers here; other spellings are tested on their own). */
export interface Caller {
  readonly apiKey?: string;
  readonly token?: string;
  readonly login?: string;
  readonly password?: string;
  /** the client address, through X-Forwarded-For (the suite runs with TRACKER_TRUST_PROXY=true) */
  readonly ip?: string;
}

export const ADMIN: Caller = { apiKey: TEST_ADMIN.apiKey };
export const ANONYMOUS_CALLER: Caller = {};

function headersOf(caller: Caller): Record<string, string> {
  return {
    ...(caller.apiKey !== undefined ? { 'x-tracker-api-key': caller.apiKey } : {}),
    ...(caller.token !== undefined ? { 'x-tracker-token': caller.token } : {}),
    ...(caller.login !== undefined ? { 'x-tracker-login': caller.login } : {}),
    ...(caller.password !== undefined ? { 'x-tracker-password': caller.password } : {}),
    ...(caller.ip !== undefined ? { 'x-forwarded-for': caller.ip } : {}),
  };
}

/** Calls to the REST API of a running Tracker, as a given caller. */
export class IdentityApi {
  constructor(private readonly baseUrl: () => string) {}

  get(path: string, caller: Caller = ANONYMOUS_CALLER, headers: Record<string, string> = {}): Promise<HttpResponse> {
    return http(this.baseUrl(), path, { headers: { accept: 'application/json', ...headersOf(caller), ...headers } });
  }

  post(path: string, body: unknown, caller: Caller = ANONYMOUS_CALLER): Promise<HttpResponse> {
    return http(this.baseUrl(), path, jsonCall('POST', body, headersOf(caller)));
  }

  put(path: string, body: unknown, caller: Caller = ANONYMOUS_CALLER): Promise<HttpResponse> {
    return http(this.baseUrl(), path, jsonCall('PUT', body, headersOf(caller)));
  }
}

/** The error envelope Tracker answers with, checked whole. */
export function expectError(response: HttpResponse, status: number, code: number, message?: string | RegExp): void {
  expect({ status: response.status, code: response.json<{ code: number }>().code }).toEqual({ status, code });
  const body = response.json<{ error: boolean; message: string }>();
  expect(body.error).toBe(true);
  if (typeof message === 'string') expect(body.message).toBe(message);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
}

export interface TestUser {
  readonly id: number;
  readonly login: string;
  readonly password: string;
  readonly realName: string;
  readonly apiKey: string;
  readonly caller: Caller;
}

/** A password every complexity setting of the suite accepts. */
export const PASSWORD = 'Secret-Pass-1';

/** A fresh account (unique login), with an API key, and optionally groups and bless grants. */
export async function newUser(
  api: IdentityApi,
  label: string,
  options: { readonly realName?: string; readonly groups?: readonly string[]; readonly bless?: readonly string[] } = {},
): Promise<TestUser> {
  const login = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const realName = options.realName ?? `${label} person`;
  const created = await api.post('/rest/user', { email: login, full_name: realName, password: PASSWORD }, ADMIN);
  expect(created.status).toBe(201);
  const { id } = created.json<{ id: number }>();
  if (options.groups || options.bless) {
    const changes = {
      ...(options.groups ? { groups: { add: options.groups } } : {}),
      ...(options.bless ? { bless_groups: { add: options.bless } } : {}),
    };
    expect((await api.put(`/rest/user/${id}`, changes, ADMIN)).status).toBe(200);
  }
  const key = await api.post('/rest/user/api_key', { user: login, description: 'e2e' }, ADMIN);
  const apiKey = key.json<{ api_key: string }>().api_key;
  return { id, login, password: PASSWORD, realName, apiKey, caller: { apiKey } };
}

/** A new group (unique name) created by the admin. */
export async function newGroup(
  api: IdentityApi,
  label: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; name: string }> {
  const name = `${label}-${randomUUID().slice(0, 6)}`;
  const response = await api.post('/rest/group', { name, description: `${label} group`, ...fields }, ADMIN);
  expect(response.status).toBe(201);
  return { id: response.json<{ id: number }>().id, name };
}

/** A client address of its own, so lockouts and address-bound tokens of one test touch no other. */
let nextAddress = 10;
export const freshIp = (): string => `198.51.100.${nextAddress++}`;
