import 'reflect-metadata';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { connect as connectNats } from 'nats';
import { Client } from 'pg';
import { TEST_SERVER_URLS } from '@tracker/testing';
import { type Measurement, type Report, table, withRatios, writeReport } from './report';
import { attachmentsBench } from './suites/attachments.bench';
import { blobStoreBench } from './suites/blob-store.bench';
import { eventStoreBench } from './suites/event-store.bench';
import { flagsBench } from './suites/flags.bench';
import { mailDeliveryBench } from './suites/mail-delivery.bench';
import { mailWritePathBench } from './suites/mail-write-path.bench';
import { bugsBench } from './suites/bugs.bench';
import { commentsBench } from './suites/comments.bench';
import { embeddedBench } from './suites/embedded.bench';
import { httpBench } from './suites/http.bench';
import { identityBench } from './suites/identity.bench';
import { messagingBench } from './suites/messaging.bench';
import { rebuildBench } from './suites/rebuild.bench';
import { searchScaleBench } from './suites/search-scale.bench';

/**
 * `npm run bench`: every benchmark with the baselines it is compared with, measured in
 * the same run on this machine. Writes bench/results/latest.json and prints a table.
 * Suites whose server is unreachable are skipped and listed as such. Suite names given as
 * arguments (`npm run bench -- "blob store"`) run only those suites.
 */
async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const skipped: string[] = [];
  const measurements: Measurement[] = [];
  const postgres = await reachable(async () => {
    const client = new Client({ connectionString: TEST_SERVER_URLS.postgres, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.end();
  });
  const nats = await reachable(async () => {
    const connection = await connectNats({ servers: TEST_SERVER_URLS.nats, timeout: 2000, reconnect: false });
    await connection.close();
  });
  const eventStoreUrl = process.env['EVENTSTORE_URL'];
  if (!postgres) skipped.push(`PostgreSQL at ${TEST_SERVER_URLS.postgres} unreachable`);
  if (!nats) skipped.push(`NATS at ${TEST_SERVER_URLS.nats} unreachable`);
  if (!eventStoreUrl) skipped.push('EventStoreDB (set EVENTSTORE_URL)');

  const suites: Array<[string, () => Promise<Measurement[]>]> = [
    ['event store', () => eventStoreBench(postgres, eventStoreUrl)],
    ...(nats ? [['messaging', () => messagingBench(TEST_SERVER_URLS.nats)] as [string, () => Promise<Measurement[]>]] : []),
    ['http', () => httpBench()],
    ['identity', () => identityBench()],
    ['bugs', () => bugsBench()],
    ['comments', () => commentsBench()],
    ['embedded', () => embeddedBench()],
    ['blob store', () => blobStoreBench()],
    // after the blob store: its putStream / getStream are this suite's baselines
    ['attachments', () => attachmentsBench()],
    ['flags', () => flagsBench()],
    ['mail delivery', () => mailDeliveryBench()],
    ['mail write path', () => mailWritePathBench()],
    // after the event store: its raw ceiling (same run) is the baseline; measured here when run alone
    ...(postgres ? [['rebuild', () => rebuildBench(nats, measurements)] as [string, () => Promise<Measurement[]>]] : []),
    // last: a million bugs take about 20 minutes to append and project on two cores
    ['search at scale', () => searchScaleBench()],
  ];
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !suites.some(([suite]) => suite === name));
  if (unknown.length > 0)
    throw new Error(`Unknown bench suites: ${unknown.join(', ')} (known: ${suites.map(([name]) => name).join(', ')})`);
  for (const [name, suite] of suites) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    console.info(`bench: ${name} ...`);
    measurements.push(...(await suite()));
  }
  const report: Report = {
    startedAt,
    machine: { cpus: cpus().length, node: process.version },
    measurements: withRatios(measurements),
    skipped,
  };
  const file = await writeReport(report, resolve(__dirname, '../../../bench/results'));
  console.info(`\n${table(report)}\n\nreport: ${file}`);
}

async function reachable(probe: () => Promise<void>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
