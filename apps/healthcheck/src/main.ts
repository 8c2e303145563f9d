import 'reflect-metadata';
import { exitOnStartupError } from '@tracker/platform/runtime';
import { loadHealthcheckConfig } from './config';
import { probeHttp, probeService } from './probes';

/**
 * The image's HEALTHCHECK (Dockerfile): checks the process TRACKER_SERVICE names, with the
 * container's own variables, and exits 0 when it is healthy, 1 when not.
 */
async function main(): Promise<void> {
  const checked = loadHealthcheckConfig(process.env);
  const verdict = checked.kind === 'http' ? await probeHttp(checked.port) : await probeService(checked.name, checked.messaging);
  console.info(verdict.message);
  process.exit(verdict.healthy ? 0 : 1);
}

main().catch(exitOnStartupError);
