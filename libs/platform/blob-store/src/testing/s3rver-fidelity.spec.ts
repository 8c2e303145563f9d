import { randomBytes } from 'node:crypto';
import { type ClientRequest, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'minio';
import { MinioBlobStore } from '../minio-blob-store.adapter';
import { type S3TestServer, startS3TestServer } from './s3rver-test-server';

/**
 * The test S3 server replaces an object atomically, as S3 does (s3rver-atomic-writes.ts):
 * readers of a key never see a write of it half done. The attachments' race (two gateways
 * PUT the same content key while promotions `stat` it) relies on it (docs/attachments.md §6.3).
 */
describe('the test S3 server', () => {
  let server: S3TestServer;
  let store: MinioBlobStore;
  let client: Client;
  let halfSent: ClientRequest | undefined;

  /** a PUT of `bytes` to `key` whose body stops after `sent` bytes; `finish` sends the rest and resolves with the status */
  async function putHalfway(key: string, bytes: Buffer, sent: number): Promise<{ finish: () => Promise<number> }> {
    const put = request(new URL(await client.presignedPutObject('atomic', key, 60)), {
      method: 'PUT',
      headers: { 'content-length': String(bytes.length) },
    });
    halfSent = put;
    const answered = new Promise<number>((resolve, reject) => {
      put.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      put.on('error', reject);
    });
    put.write(bytes.subarray(0, sent));
    // the server has begun storing the body
    await sleep(300);
    return {
      finish: () => {
        put.end(bytes.subarray(sent));
        return answered;
      },
    };
  }

  beforeEach(async () => {
    halfSent = undefined;
    server = await startS3TestServer();
    const { host, port, accessKey, secretKey } = server;
    store = await MinioBlobStore.create({
      endPoint: host,
      port,
      useSSL: false,
      accessKey,
      secretKey,
      bucket: 'atomic',
      region: 'us-east-1',
    });
    client = new Client({ endPoint: host, port, useSSL: false, accessKey, secretKey, pathStyle: true, region: 'us-east-1' });
  });
  afterEach(async () => {
    // a case that failed halfway leaves its request open, which the server would wait for
    halfSent?.destroy();
    await store.close();
    await server.stop();
  });

  it('shows the old object, whole, while a PUT of the same key is still arriving, and the new one once it is answered', async () => {
    const old = randomBytes(3000);
    const fresh = randomBytes(2000);
    await store.put('attachments/k', old, 'application/octet-stream');
    const put = await putHalfway('attachments/k', fresh, 1000);

    const seen = [];
    for (let read = 0; read < 5; read += 1) {
      seen.push((await store.stat('attachments/k'))?.size);
      await sleep(20);
    }
    expect(seen).toEqual([3000, 3000, 3000, 3000, 3000]);
    expect((await store.get('attachments/k'))?.equals(old)).toBe(true);
    const listed = [];
    for await (const object of store.list('attachments/')) listed.push([object.key, object.size]);
    expect(listed).toEqual([['attachments/k', 3000]]);

    expect(await put.finish()).toBe(200);
    // answered only once stored: read at once, whole
    expect((await store.stat('attachments/k'))?.size).toBe(2000);
    expect((await store.get('attachments/k'))?.equals(fresh)).toBe(true);
  });

  it('keeps a new key absent until its PUT is answered; a copy and a touch list as one object each', async () => {
    const bytes = randomBytes(2000);
    const put = await putHalfway('attachments/new', bytes, 1000);
    expect(await store.stat('attachments/new')).toBeNull();

    expect(await put.finish()).toBe(200);
    expect((await store.get('attachments/new'))?.equals(bytes)).toBe(true);
    await store.copy('attachments/new', 'attachments/copied');
    await store.touch('attachments/copied');
    const listed = [];
    for await (const object of store.list('attachments/')) listed.push(object.key);
    expect(listed.sort()).toEqual(['attachments/copied', 'attachments/new']);
  });
});
