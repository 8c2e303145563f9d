import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import { EsdbEventStore } from '@tracker/platform/event-store/eventstoredb';
import { EmbeddedPostgres, type SqlConnection } from '@tracker/platform/sql';
import { createTempDatabase } from '@tracker/testing';
import { ratePerSecond } from '../measure';
import type { Measurement } from '../report';

/** the event store's raw ceiling other suites are held against (the rebuild's) */
export const RAW_CEILING = 'PostgreSQL raw INSERT, 32 writers';
const SEQUENTIAL = 2000;
const CONCURRENT = 5000;

/**
 * Appends per second for each event-store adapter, one writer and 32 concurrent, against
 * the raw baseline of the same server: a single-row INSERT of the same JSON.
 */
export async function eventStoreBench(realPostgres: boolean, eventStoreUrl: string | undefined): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const embedded = await EmbeddedPostgres.start(undefined);
  try {
    results.push(...(await onServer('PGlite', embedded.connection())));
  } finally {
    await embedded.stop();
  }
  if (realPostgres) {
    const database = await createTempDatabase('bench');
    try {
      results.push(...(await onServer('PostgreSQL', database.connection)));
    } finally {
      await database.drop();
    }
  }
  if (eventStoreUrl) {
    const store = EsdbEventStore.create(eventStoreUrl);
    try {
      results.push(...(await appends('EventStoreDB', store, undefined)));
    } finally {
      await store.close();
    }
  }
  return results;
}

async function onServer(server: string, connection: SqlConnection): Promise<Measurement[]> {
  const raw = await rawInserts(server, connection);
  const store = await PostgresEventStore.create(connection, { poolSize: 32 });
  try {
    return [...raw, ...(await appends(`${server} event store`, store, server))];
  } finally {
    await store.close();
  }
}

export async function rawInserts(server: string, connection: SqlConnection): Promise<Measurement[]> {
  const pool = new Pool({ ...connection.poolConfig, max: 32 });
  // a connection still closing when its database is dropped right after (the rebuild suite's) is no failure
  pool.on('error', () => undefined);
  try {
    await pool.query('CREATE TABLE bench_raw (id bigserial PRIMARY KEY, stream text, data jsonb)');
    const insert = (i: number) =>
      pool.query('INSERT INTO bench_raw (stream, data) VALUES ($1, $2)', [`s-${i}`, JSON.stringify(payload(i))]);
    return [
      { suite: 'event store', name: `${server} raw INSERT, 1 writer`, value: await ratePerSecond(SEQUENTIAL, 1, insert), unit: 'rows/s' },
      {
        suite: 'event store',
        name: `${server} raw INSERT, 32 writers`,
        value: await ratePerSecond(CONCURRENT, 32, insert),
        unit: 'rows/s',
      },
    ];
  } finally {
    await pool.end();
  }
}

async function appends(label: string, store: EventStore, baselineServer: string | undefined): Promise<Measurement[]> {
  const run = randomUUID().slice(0, 8);
  const append = (i: number) =>
    store.appendToStream(
      `bench${run}-${i}-${Math.random()}`,
      [
        {
          type: 'BenchHappened',
          data: payload(i),
          schemaVersion: 1,
          metadata: { actor: 1, occurredAt: new Date().toISOString(), correlationId: run, causationId: run },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  return [
    {
      suite: 'event store',
      name: `${label} append, 1 writer`,
      value: await ratePerSecond(SEQUENTIAL, 1, append),
      unit: 'appends/s',
      ...(baselineServer ? { baseline: `${baselineServer} raw INSERT, 1 writer` } : {}),
    },
    {
      suite: 'event store',
      name: `${label} append, 32 writers`,
      value: await ratePerSecond(CONCURRENT, 32, append),
      unit: 'appends/s',
      ...(baselineServer ? { baseline: `${baselineServer} raw INSERT, 32 writers` } : {}),
    },
  ];
}

function payload(i: number): Record<string, unknown> {
  return { summary: `Benchmark bug ${i}`, product: 'TestProduct', component: 'TestComponent', cc: ['a@example.com'] };
}
