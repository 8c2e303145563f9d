import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Requests per second a server sustains at `connections` keep-alive connections, measured
 * by autocannon in a separate process so the load generator never shares the server's
 * event loop. Every response must be a 2xx, or the figure is refused.
 */
export async function httpRequestsPerSecond(url: string, connections: number, seconds: number): Promise<number> {
  const autocannon = require.resolve('autocannon/autocannon.js');
  await run(process.execPath, [autocannon, '-c', String(connections), '-d', '1', url], { maxBuffer: 64 * 1024 * 1024 });
  const { stdout } = await run(process.execPath, [autocannon, '-c', String(connections), '-d', String(seconds), '--json', url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result.requests.average;
}
