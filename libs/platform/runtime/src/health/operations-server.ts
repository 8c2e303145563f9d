import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE, METRICS_PATH, renderMetrics } from '@tracker/platform/metrics';
import { LIVENESS_PATH, READINESS_PATH } from './probe-paths';
import type { ReadinessReport } from './process-readiness';

/**
 * The small HTTP port of a service process (which serves no HTTP otherwise,
 * TRACKER_METRICS_PORT): GET /metrics for Prometheus, GET /livez (200 while the process
 * answers at all) and GET /readyz (200 or 503 with the reasons) for Kubernetes' probes.
 * Anything else is 404. The server does not keep the process alive; resolves with its port.
 */
export function serveOperations(
  port: number,
  host: string,
  readiness: () => Promise<ReadinessReport>,
): Promise<{ readonly server: Server; readonly port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const answer = (status: number, contentType: string, body: string): void => {
      response.writeHead(status, { 'content-type': contentType }).end(body);
    };
    const json = (status: number, body: unknown): void => answer(status, 'application/json; charset=utf-8', `${JSON.stringify(body)}\n`);
    const failed = (error: unknown): void => answer(500, 'text/plain', `${String(error)}\n`);
    if (request.method !== 'GET') return answer(405, 'text/plain', 'Only GET is served here.\n');
    switch (path) {
      case METRICS_PATH:
        return void renderMetrics().then((text) => answer(200, METRICS_CONTENT_TYPE, text), failed);
      case LIVENESS_PATH:
        return json(200, { status: 'ok' });
      case READINESS_PATH:
        return void readiness().then(
          (report) => json(report.ready ? 200 : 503, { status: report.ready ? 'ok' : 'not_ready', reasons: report.reasons }),
          failed,
        );
      default:
        return answer(404, 'text/plain', `Only GET ${METRICS_PATH}, ${LIVENESS_PATH} and ${READINESS_PATH} are served here.\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.unref();
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}
