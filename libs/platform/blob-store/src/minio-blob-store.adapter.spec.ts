import { Client } from 'minio';
import { BLOB_PART_BYTES } from './blob-store.port';
import { MinioBlobStore, type MinioBlobStoreOptions } from './minio-blob-store.adapter';
import { describeBlobStoreContract } from './testing/blob-store.contract';
import { type S3TestServer, startS3TestServer } from './testing/s3rver-test-server';

/** bytes of the object's PUTs (single or part) the server has stored */
function receivedBytes(server: S3TestServer, bucket: string, key: string): number {
  return server.requests
    .filter((request) => request.method === 'PUT' && request.path === `/${bucket}/${key}` && request.status === 200)
    .reduce((sum, request) => sum + request.bodyBytes, 0);
}

function optionsFor(server: S3TestServer, bucket: string): MinioBlobStoreOptions {
  const { host, port, accessKey, secretKey } = server;
  return { endPoint: host, port, useSSL: false, accessKey, secretKey, bucket };
}

describeBlobStoreContract('MinIO adapter on an in-process S3 server', async () => {
  const server = await startS3TestServer();
  const store = await MinioBlobStore.create({ ...optionsFor(server, 'tracker-attachments'), region: 'us-east-1' }).catch(
    async (error: unknown) => {
      await server.stop();
      throw error;
    },
  );
  return {
    store,
    dispose: async () => {
      await store.close();
      await server.stop();
    },
    receivedBytes: (key) => Promise.resolve(receivedBytes(server, 'tracker-attachments', key)),
    // the part being filled, always short of a whole part
    readAheadLimit: BLOB_PART_BYTES - 1,
    unfinishedWrites: () => server.unfinishedUploads('tracker-attachments'),
  };
});

describe('MinioBlobStore against an in-process S3 server', () => {
  let server: S3TestServer;

  beforeEach(async () => {
    server = await startS3TestServer();
  });
  afterEach(async () => {
    await server.stop();
  });

  it('creates a missing bucket, then reuses it with its objects, asking the server for the region', async () => {
    const first = await MinioBlobStore.create(optionsFor(server, 'fresh-bucket'));
    await first.put('attachments/1', Buffer.from('kept'), 'text/plain');
    await first.close();

    const second = await MinioBlobStore.create(optionsFor(server, 'fresh-bucket'));
    expect((await second.get('attachments/1'))?.toString()).toBe('kept');
    await second.close();
  });

  it('stores the content type on the object, for clients that download it directly', async () => {
    const store = await MinioBlobStore.create(optionsFor(server, 'typed'));
    await store.put('attachments/7', Buffer.from('%PDF-1.7'), 'application/pdf');
    await store.close();

    const { host, port, accessKey, secretKey } = server;
    const client = new Client({ endPoint: host, port, useSSL: false, accessKey, secretKey, pathStyle: true });
    const stat = await client.statObject('typed', 'attachments/7');
    expect(stat.metaData['content-type']).toBe('application/pdf');
    expect(stat.size).toBe(8);
  });

  it('fails at creation when the server refuses the credentials', async () => {
    const refused = MinioBlobStore.create({ ...optionsFor(server, 'any-bucket'), accessKey: 'nobody' });
    await expect(refused).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
  });
});
