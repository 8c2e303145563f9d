import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type NodeProcess, startNodeProcess, TEST_SERVER_URLS } from '@tracker/testing';

const ROOT = resolve(__dirname, '../../../..');

/**
 * Starts the raw chain HTTP -> NATS -> PostgreSQL (bench/src/servers/raw-chain.ts) on the
 * bugs suite's database; its base URL, or null (and a warning) when it cannot run (no NATS).
 */
export async function startRawChain(databaseUrl: string): Promise<{ base: string; process: NodeProcess } | null> {
  const chain = startNodeProcess(
    'raw-chain',
    'dist/bench/src/servers/raw-chain.js',
    { DATABASE_URL: databaseUrl, NATS_URL: TEST_SERVER_URLS.nats, SUBJECT_PREFIX: `raw-chain-${randomUUID().slice(0, 8)}.` },
    ROOT,
  );
  try {
    const [, address] = await chain.waitFor(/listening (\S+)/, 15_000);
    return { base: address ?? '', process: chain };
  } catch (error) {
    console.warn(`bench: the raw chain did not start, its baselines are left out: ${String(error)}`);
    await chain.stop();
    return null;
  }
}
