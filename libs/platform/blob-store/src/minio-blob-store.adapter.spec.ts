import { createHash, randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'minio';
import { BLOB_PART_BYTES } from './blob-store.port';
import { MinioBlobStore, type MinioBlobStoreOptions } from './minio-blob-store.adapter';
import { describeBlobStoreContract } from './testing/blob-store.contract';
import { chunkedSource } from './testing/chunked-source';
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

  it('lets a kept-alive connection go before the server closes it, instead of sending a request on it as the server does', async () => {
    // the server announces `Keep-Alive: timeout=2`; the agent keeps an idle connection for that less a second
    const closing = await startS3TestServer({ keepAliveTimeoutMs: 2000 });
    const store = await MinioBlobStore.create({ ...optionsFor(closing, 'closing'), region: 'us-east-1' });
    try {
      await store.put('attachments/1', Buffer.from('kept'), 'text/plain');
      const before = closing.connections();
      await store.stat('attachments/1');
      // reused while fresh
      expect(closing.connections()).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // idle past the announced timeout less a second: a new connection, not one the server is about to close
      expect((await store.stat('attachments/1'))?.size).toBe(4);
      expect(closing.connections()).toBe(before + 1);
    } finally {
      await store.close();
      await closing.stop();
    }
  });

  it("throws the upload's own error and logs, not throws, an abort the server cannot take", async () => {
    const vanishing = await startS3TestServer();
    const store = await MinioBlobStore.create(optionsFor(vanishing, 'vanishing'));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      // the server goes away after the first part: the second part and the abort both fail
      const onPull = async (pulled: number): Promise<void> => {
        if (pulled === 6 * 1024 * 1024) await vanishing.stop();
      };
      const upload = store.putStream(
        'attachments/orphaned',
        chunkedSource(randomBytes(12 * 1024 * 1024), { chunkBytes: 64 * 1024, onPull }),
        'text/plain',
      );
      await expect(upload).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(
        /^Could not abort multipart upload [0-9a-f]+ of vanishing\/attachments\/orphaned; its parts stay until the bucket's lifecycle removes them: .*ECONNREFUSED/,
      );
    } finally {
      warn.mockRestore();
      await store.close();
    }
  });

  describe('requests', () => {
    const MIB = 1024 * 1024;
    let store: MinioBlobStore;
    const sent = (filter: (path: string) => boolean) =>
      server.requests
        .filter((request) => filter(request.path))
        .map(({ method, query, bodyBytes, status }) => ({ method, query, bodyBytes, status }));

    beforeEach(async () => {
      store = await MinioBlobStore.create(optionsFor(server, 'requests'));
    });
    afterEach(async () => {
      await store.close();
    });

    it('sends 12 MiB of unknown length as 5 MiB parts, one after the other, then completes', async () => {
      await store.putStream('attachments/big', chunkedSource(randomBytes(12 * MIB), { chunkBytes: 64 * 1024 }), 'application/octet-stream');
      const requests = sent((path) => path === '/requests/attachments/big');
      // the id the server gave the upload, which every later request names
      const uploadId = requests[1]?.query['uploadId'];
      expect(uploadId).toMatch(/^[0-9a-f]+$/);
      expect(requests).toEqual([
        { method: 'POST', query: { uploads: '' }, bodyBytes: 0, status: 200 },
        { method: 'PUT', query: { uploadId, partNumber: '1' }, bodyBytes: BLOB_PART_BYTES, status: 200 },
        { method: 'PUT', query: { uploadId, partNumber: '2' }, bodyBytes: BLOB_PART_BYTES, status: 200 },
        { method: 'PUT', query: { uploadId, partNumber: '3' }, bodyBytes: 2 * MIB, status: 200 },
        { method: 'POST', query: { uploadId }, bodyBytes: expect.any(Number) as number, status: 200 },
      ]);
    });

    it('sends a source shorter than a part in one PUT', async () => {
      await store.putStream('attachments/small', chunkedSource(randomBytes(MIB), { chunkBytes: 64 * 1024 }), 'application/octet-stream');
      expect(sent((path) => path === '/requests/attachments/small')).toEqual([{ method: 'PUT', query: {}, bodyBytes: MIB, status: 200 }]);
    });

    it('sends a short source in one PUT to the key keyAtEnd answers, and a long one as a multipart upload to its key without asking', async () => {
      const keyAtEnd = jest.fn(() => Promise.resolve('attachments/chosen'));
      await expect(
        store.putStream('attachments/first', chunkedSource(randomBytes(MIB), { chunkBytes: 64 * 1024 }), 'application/octet-stream', {
          keyAtEnd,
        }),
      ).resolves.toEqual({ key: 'attachments/chosen', size: MIB });
      expect(sent((path) => path === '/requests/attachments/first')).toEqual([]);
      expect(sent((path) => path === '/requests/attachments/chosen')).toEqual([{ method: 'PUT', query: {}, bodyBytes: MIB, status: 200 }]);
      await expect(
        store.putStream('attachments/long', chunkedSource(randomBytes(6 * MIB), { chunkBytes: 64 * 1024 }), 'application/octet-stream', {
          keyAtEnd,
        }),
      ).resolves.toEqual({ key: 'attachments/long', size: 6 * MIB });
      expect(keyAtEnd).toHaveBeenCalledTimes(1);
    });

    it("signs a single PUT's payload with its SHA-256, the caller's when given (asked for once)", async () => {
      const bytes = randomBytes(MIB);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      let asked = 0;
      const given = (): string => {
        asked += 1;
        return sha256;
      };
      await store.putStream('attachments/given', chunkedSource(bytes, { chunkBytes: 64 * 1024 }), 'application/octet-stream', {
        sha256: given,
      });
      await store.putStream('attachments/hashed', chunkedSource(bytes, { chunkBytes: 64 * 1024 }), 'application/octet-stream');
      await store.put('attachments/buffered', bytes, 'application/octet-stream');
      expect(asked).toBe(1);
      for (const key of ['given', 'hashed', 'buffered']) {
        const put = server.requests.find((request) => request.method === 'PUT' && request.path === `/requests/attachments/${key}`);
        expect([put?.headers['x-amz-content-sha256'], put?.headers['content-md5'], put?.bodyBytes]).toEqual([sha256, undefined, MIB]);
        expect((await store.get(`attachments/${key}`))?.equals(bytes)).toBe(true);
      }
    });

    it('aborts the multipart upload it started when the source fails, so no part is left', async () => {
      const failure = new Error('too large');
      const source = chunkedSource(randomBytes(12 * MIB), { chunkBytes: 64 * 1024, failAfterBytes: 6 * MIB, failWith: failure });
      await expect(store.putStream('attachments/failed', source, 'application/octet-stream')).rejects.toBe(failure);

      const requests = sent((path) => path === '/requests/attachments/failed');
      const uploadId = requests[1]?.query['uploadId'];
      expect(uploadId).toMatch(/^[0-9a-f]+$/);
      expect(requests.map(({ method, query, status }) => [method, Object.keys(query).sort().join('&'), status])).toEqual([
        ['POST', 'uploads', 200],
        ['PUT', 'partNumber&uploadId', 200],
        ['DELETE', 'uploadId', 204],
      ]);
      expect(requests[2]?.query['uploadId']).toBe(uploadId);
      expect(await server.unfinishedUploads('requests')).toBe(0);
      expect(await store.stat('attachments/failed')).toBeNull();
    });

    it('touches by copying the object onto itself with its metadata replaced, keeping its content type', async () => {
      await store.put('attachments/typed', Buffer.from('%PDF'), 'application/pdf');
      await expect(store.touch('attachments/typed')).resolves.toBe(true);

      const copy = server.requests.filter((request) => request.method === 'PUT').at(-1);
      expect(copy?.path).toBe('/requests/attachments/typed');
      expect(copy?.headers['x-amz-copy-source']).toMatch(/^\/?requests\/attachments\/typed$/);
      expect(copy?.headers['x-amz-metadata-directive']).toBe('REPLACE');
      const { host, port, accessKey, secretKey } = server;
      const client = new Client({ endPoint: host, port, useSSL: false, accessKey, secretKey, pathStyle: true });
      expect((await client.statObject('requests', 'attachments/typed')).metaData['content-type']).toBe('application/pdf');
    });
  });
});
