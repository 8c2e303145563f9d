import { request as httpRequest } from 'node:http';

/**
 * A raw HTTP client for tests: any method, any headers, a body even on GET, and the
 * response exactly as sent (status, lower-cased headers, text), so wire-format tests see
 * what a client sees.
 */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly text: string;
  /** the body parsed as JSON (throws when it is not JSON) */
  json<T = unknown>(): T;
}

export interface HttpCall {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

export function http(baseUrl: string, path: string, call: HttpCall = {}): Promise<HttpResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: call.method ?? 'GET',
        headers: { ...(call.body !== undefined ? { 'content-length': String(Buffer.byteLength(call.body)) } : {}), ...call.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(res.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: res.statusCode ?? 0, headers, text, json: <T>() => JSON.parse(text) as T });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (call.body !== undefined) req.write(call.body);
    req.end();
  });
}

/** Shorthand for a JSON call: sends `body` as JSON, asks for JSON. */
export function jsonCall(method: string, body?: unknown, headers: Readonly<Record<string, string>> = {}): HttpCall {
  return {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  };
}
