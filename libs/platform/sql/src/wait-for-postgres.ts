import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { isTransientDatabaseError } from './connection-errors';

/** Between attempts: 0.5 s, doubling up to every 5 s, so a process started before PostgreSQL comes up soon after it. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5000;

/**
 * Waits at start until PostgreSQL answers `SELECT 1`, for as long as it takes: a process
 * started before the database (any start order is fine, docs/operations-guide.md,
 * "Lifecycle") waits instead of exiting. Only failures to reach the server are waited
 * out; a wrong password or a missing database fails at once, as no wait would cure them.
 */
export async function waitForPostgres(
  url: string,
  logger: Pick<Logger, 'warn' | 'log'> = new Logger('Connections'),
  waits: { readonly firstMs: number; readonly longestMs: number } = { firstMs: FIRST_WAIT_MS, longestMs: LONGEST_WAIT_MS },
): Promise<void> {
  let waitingSince: number | undefined;
  for (let wait = waits.firstMs; ; wait = Math.min(wait * 2, waits.longestMs)) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      if (waitingSince !== undefined) logger.log(`postgres: reachable after ${((Date.now() - waitingSince) / 1000).toFixed(1)} s`);
      return;
    } catch (error) {
      if (!isTransientDatabaseError(error)) throw error;
      if (waitingSince === undefined) {
        waitingSince = Date.now();
        logger.warn(`postgres: cannot connect yet (${error instanceof Error ? error.message : String(error)}); trying again until it can`);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(wait);
  }
}
