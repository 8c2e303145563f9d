import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectProjectionLag } from './projection-lag';
import { METRICS_REGISTRY } from './tracker-metrics';

export const METRICS_PATH = '/metrics';
export const METRICS_CONTENT_TYPE = METRICS_REGISTRY.contentType;

/** The text exposition of every metric of the process, as GET /metrics answers it. */
export async function renderMetrics(): Promise<string> {
  await collectProjectionLag();
  return METRICS_REGISTRY.metrics();
}

/**
 * GET /metrics on a port of its own, for a process that serves no HTTP otherwise (a
 * service in distributed mode, TRACKER_METRICS_PORT). Anything else is 404. The server
 * does not keep the process alive; resolves with the port it listens on.
 */
export function serveMetrics(port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
      return;
    }
    renderMetrics().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.unref();
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}
