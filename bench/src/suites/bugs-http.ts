import { http, type HttpResponse, jsonCall } from '@tracker/testing';
import { ADMIN } from './bugs-generator';

/** `BENCH_SECONDS=1 npm run bench -- bugs comments`: shorter autocannon runs (default 4 s each) */
export const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);

/** A call of the bench's administrator, which must answer `status`. */
export async function call(base: string, method: string, path: string, body?: unknown, status = 200): Promise<HttpResponse> {
  const response = await http(base, `${base}${path}`, jsonCall(method, body, { 'x-bugzilla-api-key': ADMIN.apiKey }));
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
  return response;
}
