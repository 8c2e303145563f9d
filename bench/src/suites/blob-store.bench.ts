import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BlobStore, DirectoryBlobStore, MinioBlobStore } from '@tracker/platform/blob-store';
import { chunkedSource, startS3TestServer } from '@tracker/platform/blob-store/testing';
import type { Measurement } from '../report';
import { median } from './http.bench';

/** "5 MB": the object of this suite and of the attachments bench, which compares with it */
export const BLOB_BENCH_BYTES = 5_000_000;
/** the chunk size an upload reaches the gateway in (Node's HTTP chunks are 16-64 KiB) */
export const BLOB_BENCH_CHUNK_BYTES = 64 * 1024;
const ROUNDS = 10;

export type BlobBenchAdapter = 'directory' | 'minio';
export type BlobBenchOperation = 'put' | 'putStream' | 'get' | 'getStream';

const ADAPTER_LABELS: Readonly<Record<BlobBenchAdapter, string>> = {
  directory: 'directory adapter',
  minio: 'MinIO adapter (in-process s3rver)',
};

/** The name of a measurement of this suite, for suites that use it as their baseline. */
export function blobBenchName(adapter: BlobBenchAdapter, operation: BlobBenchOperation): string {
  return `${ADAPTER_LABELS[adapter]} ${operation}, 5 MB`;
}

/**
 * The raw blob-store adapters on one 5 MB object of random bytes, median MB/s (10^6 bytes)
 * of 10 rounds after a warm-up: put of a Buffer, putStream of 64 KiB chunks, get into a
 * Buffer, getStream read to the end. The streamed forms are what the gateway uses, so they
 * are the baselines of the attachments bench; each is also given as a ratio to its
 * buffered form. Directory on a temp dir; MinIO on s3rver in this process (the test
 * server, which shares this process's CPU with the client).
 */
export async function blobStoreBench(): Promise<Measurement[]> {
  const data = randomBytes(BLOB_BENCH_BYTES);
  const dir = await mkdtemp(join(tmpdir(), 'tracker-bench-blobs-'));
  const server = await startS3TestServer();
  try {
    const directory = await DirectoryBlobStore.create(dir);
    const minio = await MinioBlobStore.create({
      endPoint: server.host,
      port: server.port,
      useSSL: false,
      accessKey: server.accessKey,
      secretKey: server.secretKey,
      bucket: 'bench',
      region: 'us-east-1',
    });
    try {
      return [...(await measureAdapter('directory', directory, data)), ...(await measureAdapter('minio', minio, data))];
    } finally {
      await Promise.all([directory.close(), minio.close()]);
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureAdapter(adapter: BlobBenchAdapter, store: BlobStore, data: Buffer): Promise<Measurement[]> {
  const key = (round: number): string => `bench/${adapter}/${round}`;
  const operations: Record<BlobBenchOperation, (round: number) => Promise<unknown>> = {
    put: (round) => store.put(key(round), data, 'application/octet-stream'),
    putStream: (round) =>
      store.putStream(key(round), chunkedSource(data, { chunkBytes: BLOB_BENCH_CHUNK_BYTES }), 'application/octet-stream'),
    get: async (round) => expectSize((await store.get(key(round)))?.length),
    getStream: async (round) => {
      const found = await store.getStream(key(round));
      expectSize(found?.size);
      let size = 0;
      for await (const chunk of found?.stream ?? []) size += (chunk as Buffer).length;
      expectSize(size);
    },
  };
  const measurements: Measurement[] = [];
  for (const operation of ['put', 'putStream', 'get', 'getStream'] as const) {
    const baseline = operation === 'putStream' ? 'put' : operation === 'getStream' ? 'get' : undefined;
    measurements.push({
      suite: 'blob store',
      name: blobBenchName(adapter, operation),
      value: await megabytesPerSecond(data.length, operations[operation]),
      unit: 'MB/s',
      ...(baseline ? { baseline: blobBenchName(adapter, baseline) } : {}),
    });
  }
  return measurements;
}

/** median MB/s over ROUNDS rounds of `operation` on `bytes`, after one warm-up round (round 0) */
async function megabytesPerSecond(bytes: number, operation: (round: number) => Promise<unknown>): Promise<number> {
  await operation(0);
  const rates: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    await operation(round);
    rates.push(bytes / 1e6 / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  return median(rates);
}

/** a read that came back short would make a fast figure meaningless */
function expectSize(size: number | undefined): void {
  if (size !== BLOB_BENCH_BYTES) throw new Error(`blob bench: read ${size ?? 'nothing'} bytes, wrote ${BLOB_BENCH_BYTES}`);
}
