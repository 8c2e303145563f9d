import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startS3TestServer } from '@tracker/platform/blob-store/testing';
import { createTempDatabase, type NodeProcess, startNodeProcess } from '@tracker/testing';
import type { Measurement } from '../report';
import { BLOB_BENCH_BYTES, type BlobBenchAdapter, blobBenchName } from './blob-store.bench';
import { median } from './http.bench';

const ROOT = resolve(__dirname, '../../../..');
const ROUNDS = 10;
/** the target: through the gateway at least 40% of the raw adapter (on MinIO) */
const TARGET = 0.4;
const ADMIN = { login: 'bench-admin@example.com', password: 'Bench-Admin-2026!', apiKey: 'TrackerBenchAdminKey00000000000000000001' };

/**
 * Attachments through the gateway of the standalone process (docs/attachments.md §10), on
 * real PostgreSQL when it is reachable, with the limit raised for the run
 * (TRACKER_MAX_ATTACHMENT_KB=6000): upload MB/s of a 5 MB file (POST
 * /rest/bug/{id}/attachment, base64 in JSON, answered once the attachment is readable; other
 * bytes each round, so no upload is a deduplicated one) and download MB/s (GET
 * /rest/bug/attachment/{id} read to the end), median of 10 after a warm-up, each as a ratio
 * to the raw adapter's putStream / getStream of the same size from the `blob store` suite of
 * the same run. Both adapters: directory on a temp dir, MinIO on s3rver in this process.
 */
export async function attachmentsBench(): Promise<Measurement[]> {
  return [...(await measureAdapter('directory')), ...(await measureAdapter('minio'))];
}

async function measureAdapter(adapter: BlobBenchAdapter): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-attachments-'));
  const database = await createTempDatabase('bench_attachments').catch(() => undefined);
  const s3 = adapter === 'minio' ? await startS3TestServer() : undefined;
  const tracker = startNodeProcess(
    'standalone',
    'dist/apps/standalone/src/main.js',
    {
      PORT: '0',
      TRACKER_HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_LOG_LEVEL: 'log',
      TRACKER_ADMIN_LOGIN: ADMIN.login,
      TRACKER_ADMIN_PASSWORD: ADMIN.password,
      TRACKER_ADMIN_API_KEY: ADMIN.apiKey,
      TRACKER_MAX_ATTACHMENT_KB: '6000',
      ...(database ? { TRACKER_DATABASE_URL: database.url } : {}),
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
    },
    ROOT,
  );
  try {
    return await measure(await baseUrlOf(tracker), adapter);
  } finally {
    await tracker.stop();
    await database?.drop();
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(base: string, adapter: BlobBenchAdapter): Promise<Measurement[]> {
  const bugId = await createBug(base);
  const uploads: number[] = [];
  const downloads: number[] = [];
  let attachmentId = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    const body = uploadBody(round);
    const started = process.hrtime.bigint();
    attachmentId = (await call<{ ids: number[] }>(base, 'POST', `/bug/${bugId}/attachment`, body, 201)).ids[0] ?? 0;
    if (round > 0) uploads.push(rate(started));
  }
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    const text = await call<string>(base, 'GET', `/bug/attachment/${attachmentId}`, undefined, 200, false);
    // the response read to its end is the transfer; parsing the JSON is the client's business, not timed
    if (round > 0) downloads.push(rate(started));
    const read = JSON.parse(text) as { attachments: Record<string, { data: string }> };
    if (read.attachments[String(attachmentId)]?.data.length !== Math.ceil(BLOB_BENCH_BYTES / 3) * 4)
      throw new Error('bench: short download');
  }
  const label = adapter === 'directory' ? 'directory adapter' : 'MinIO adapter';
  return [
    {
      suite: 'attachments',
      name: `attachment upload through the gateway (${label}), 5 MB`,
      value: median(uploads),
      unit: 'MB/s',
      baseline: blobBenchName(adapter, 'putStream'),
      ...(adapter === 'minio' ? { target: TARGET } : {}),
    },
    {
      suite: 'attachments',
      name: `attachment download through the gateway (${label}), 5 MB`,
      value: median(downloads),
      unit: 'MB/s',
      baseline: blobBenchName(adapter, 'getStream'),
      ...(adapter === 'minio' ? { target: TARGET } : {}),
    },
  ];
}

/** 5 MB of random bytes, new each round (a repeated file would only refresh its object), in the JSON a client sends */
function uploadBody(round: number): string {
  const data = randomBytes(BLOB_BENCH_BYTES).toString('base64');
  return JSON.stringify({ summary: `bench ${round}`, file_name: 'bench.bin', content_type: 'application/octet-stream', data });
}

/** decoded MB/s (10^6 bytes) of one 5 MB transfer that started at `started` */
function rate(started: bigint): number {
  return BLOB_BENCH_BYTES / 1e6 / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function baseUrlOf(tracker: NodeProcess): Promise<string> {
  const [, port] = await tracker.waitFor(/Tracker REST API on http:\/\/localhost:(\d+)\/rest/);
  return `http://127.0.0.1:${port}/rest`;
}

async function createBug(base: string): Promise<number> {
  const body = {
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary: 'Bench bug',
    description: 'Attachments.',
  };
  return (await call<{ id: number }>(base, 'POST', '/bug', JSON.stringify(body))).id;
}

async function call<T>(base: string, method: string, path: string, body?: string, status = 200, parse = true): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-bugzilla-api-key': ADMIN.apiKey },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (parse ? JSON.parse(text) : text) as T;
}
