import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BlobStore, DirectoryBlobStore, MinioBlobStore } from '@tracker/platform/blob-store';
import { chunkedSource, type S3TestServer, startS3TestServer } from '@tracker/platform/blob-store/testing';
import { createTempDatabase, startNodeProcess } from '@tracker/testing';
import type { Measurement } from '../report';
import { restBaseOf } from './bench-standalone';
import { BLOB_BENCH_BYTES, BLOB_BENCH_CHUNK_BYTES, type BlobBenchAdapter } from './blob-store.bench';
import { median } from './http.bench';

const ROOT = resolve(__dirname, '../../../..');
const ROUNDS = 10;
/** the target: through the gateway at least 40% of the raw adapter (on MinIO) */
const TARGET = 0.4;
export const ATTACHMENTS_BENCH_ADMIN = {
  login: 'bench-admin@example.com',
  password: 'Bench-Admin-2026!',
  apiKey: 'TrackerBenchAdminKey00000000000000000001',
};

/**
 * Attachments through the gateway of the standalone process (docs/attachments.md §10), on
 * real PostgreSQL when it is reachable, with the limit raised for the run
 * (TRACKER_MAX_ATTACHMENT_KB=6000): upload MB/s of a 5 MB file (POST
 * /rest/bug/{id}/attachment, base64 in JSON, answered once the attachment is readable; other
 * bytes each round, so no upload is a deduplicated one) and download MB/s (GET
 * /rest/bug/attachment/{id} read to the end), median of 10 after a warm-up, each as a ratio
 * to the raw adapter's putStream / getStream of the same bytes, measured alternately with
 * them (each round: raw putStream, upload; raw getStream, download), so that a change of the
 * machine's load between suites cannot move the ratio. Both adapters: directory on a temp
 * dir, MinIO on s3rver in this process (the raw store in its own directory or bucket).
 */
export async function attachmentsBench(): Promise<Measurement[]> {
  return [...(await measureAdapter('directory')), ...(await measureAdapter('minio'))];
}

async function measureAdapter(adapter: BlobBenchAdapter): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-attachments-'));
  const database = await createTempDatabase('bench_attachments').catch(() => undefined);
  const s3 = adapter === 'minio' ? await startS3TestServer() : undefined;
  const tracker = startNodeProcess('standalone', 'dist/apps/standalone/src/main.js', standaloneEnv(dataDir, s3, database?.url), ROOT);
  const raw = await rawStore(s3, dataDir);
  try {
    return await measure(await restBaseOf(tracker), adapter, raw);
  } finally {
    await raw.close();
    await tracker.stop();
    await database?.drop();
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(base: string, adapter: BlobBenchAdapter, raw: BlobStore): Promise<Measurement[]> {
  const bugId = await createBug(base);
  const rates: Record<'uploads' | 'downloads' | 'puts' | 'gets', number[]> = { uploads: [], downloads: [], puts: [], gets: [] };
  let attachmentId = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    const bytes = randomBytes(BLOB_BENCH_BYTES);
    const body = uploadBody(round, bytes);
    let started = process.hrtime.bigint();
    await raw.putStream(`bench/${round}`, chunkedSource(bytes, { chunkBytes: BLOB_BENCH_CHUNK_BYTES }), 'application/octet-stream');
    if (round > 0) rates.puts.push(rate(started));
    started = process.hrtime.bigint();
    attachmentId = (await call<{ ids: number[] }>(base, 'POST', `/bug/${bugId}/attachment`, body, 201)).ids[0] ?? 0;
    if (round > 0) rates.uploads.push(rate(started));
  }
  for (let round = 0; round <= ROUNDS; round += 1) {
    let started = process.hrtime.bigint();
    await readToEnd(raw, `bench/${round}`);
    if (round > 0) rates.gets.push(rate(started));
    started = process.hrtime.bigint();
    const text = await call<string>(base, 'GET', `/bug/attachment/${attachmentId}`, undefined, 200, false);
    // the response read to its end is the transfer; parsing the JSON is the client's business, not timed
    if (round > 0) rates.downloads.push(rate(started));
    const read = JSON.parse(text) as { attachments: Record<string, { data: string }> };
    if (read.attachments[String(attachmentId)]?.data.length !== Math.ceil(BLOB_BENCH_BYTES / 3) * 4)
      throw new Error('bench: short download');
  }
  const label = adapter === 'directory' ? 'directory adapter' : 'MinIO adapter';
  const putName = `raw ${label} putStream between the uploads, 5 MB`;
  const getName = `raw ${label} getStream between the downloads, 5 MB`;
  const target = adapter === 'minio' ? { target: TARGET } : {};
  return [
    { suite: 'attachments', name: putName, value: median(rates.puts), unit: 'MB/s' },
    {
      suite: 'attachments',
      name: `attachment upload through the gateway (${label}), 5 MB`,
      value: median(rates.uploads),
      unit: 'MB/s',
      baseline: putName,
      ...target,
    },
    { suite: 'attachments', name: getName, value: median(rates.gets), unit: 'MB/s' },
    {
      suite: 'attachments',
      name: `attachment download through the gateway (${label}), 5 MB`,
      value: median(rates.downloads),
      unit: 'MB/s',
      baseline: getName,
      ...target,
    },
  ];
}

/** the standalone process of these measurements: the limit raised to 6,000 KB, MinIO on `s3` when given */
export function standaloneEnv(dataDir: string, s3: S3TestServer | undefined, databaseUrl: string | undefined): Record<string, string> {
  return {
    PORT: '0',
    TRACKER_HOST: '127.0.0.1',
    TRACKER_DATA_DIR: dataDir,
    TRACKER_LOG_LEVEL: 'log',
    TRACKER_ADMIN_LOGIN: ATTACHMENTS_BENCH_ADMIN.login,
    TRACKER_ADMIN_PASSWORD: ATTACHMENTS_BENCH_ADMIN.password,
    TRACKER_ADMIN_API_KEY: ATTACHMENTS_BENCH_ADMIN.apiKey,
    TRACKER_MAX_ATTACHMENT_KB: '6000',
    ...(databaseUrl ? { TRACKER_DATABASE_URL: databaseUrl } : {}),
    ...(s3
      ? {
          TRACKER_BLOB_STORE: 'minio',
          TRACKER_S3_ENDPOINT: s3.host,
          TRACKER_S3_PORT: String(s3.port),
          TRACKER_S3_ACCESS_KEY: s3.accessKey,
          TRACKER_S3_SECRET_KEY: s3.secretKey,
          TRACKER_S3_BUCKET: 'bench-attachments',
          TRACKER_S3_REGION: 'us-east-1',
        }
      : {}),
  };
}

/** the raw adapter the gateway's figures are compared with: same kind, same server, its own bucket or directory */
export async function rawStore(s3: S3TestServer | undefined, dataDir: string): Promise<BlobStore> {
  if (!s3) return DirectoryBlobStore.create(join(dataDir, 'raw-blobs'));
  const { host, port, accessKey, secretKey } = s3;
  return MinioBlobStore.create({ endPoint: host, port, useSSL: false, accessKey, secretKey, bucket: 'bench-raw', region: 'us-east-1' });
}

async function readToEnd(store: BlobStore, key: string): Promise<void> {
  const found = await store.getStream(key);
  let size = 0;
  for await (const chunk of found?.stream ?? []) size += (chunk as Buffer).length;
  if (size !== BLOB_BENCH_BYTES) throw new Error(`bench: raw read of ${size} bytes`);
}

/** the round's 5 MB of random bytes (new each round: a repeated file would only refresh its object), in the JSON a client sends */
function uploadBody(round: number, bytes: Buffer): string {
  return JSON.stringify({
    summary: `bench ${round}`,
    file_name: 'bench.bin',
    content_type: 'application/octet-stream',
    data: bytes.toString('base64'),
  });
}

/** decoded MB/s (10^6 bytes) of one 5 MB transfer that started at `started` */
function rate(started: bigint): number {
  return BLOB_BENCH_BYTES / 1e6 / (Number(process.hrtime.bigint() - started) / 1e9);
}

/**
 * A bug of the test product to attach to. The REST port opens before the catalog has
 * installed its defaults (503 until then; seconds on a loaded machine), so the first call waits.
 */
export async function createBug(base: string): Promise<number> {
  const body = {
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary: 'Bench bug',
    description: 'Attachments.',
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await call<{ id: number }>(base, 'POST', '/bug', JSON.stringify(body))).id;
    } catch (error) {
      if (attempt >= 60 || !String(error).includes(': 503 ')) throw error;
      await new Promise((wait) => setTimeout(wait, 1000));
    }
  }
}

/** one REST call with the administrator's API key; throws unless it answers `status` */
export async function call<T>(base: string, method: string, path: string, body?: string, status = 200, parse = true): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-bugzilla-api-key': ATTACHMENTS_BENCH_ADMIN.apiKey },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (parse ? JSON.parse(text) : text) as T;
}
