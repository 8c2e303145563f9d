import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { type BlobStoreConfig, BlobStoreModule } from './blob-store.module';
import { BLOB_STORE, type BlobStore } from './blob-store.port';
import { DirectoryBlobStore } from './directory-blob-store.adapter';
import { MinioBlobStore } from './minio-blob-store.adapter';
import { startS3TestServer } from './testing/s3rver-test-server';

describe('BlobStoreModule', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tracker-blob-module-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('provides the directory adapter and closes it when the application closes', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [BlobStoreModule.forRoot({ adapter: 'directory', dir: join(dir, 'blobs') })],
    }).compile();
    const store = moduleRef.get<BlobStore>(BLOB_STORE);
    const close = jest.spyOn(store, 'close');
    expect(store).toBeInstanceOf(DirectoryBlobStore);

    await store.put('attachments/1', Buffer.from('via module'), 'text/plain');
    expect(await readdir(join(dir, 'blobs', 'attachments'))).toEqual(['1~']);
    await moduleRef.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('provides the MinIO adapter', async () => {
    const server = await startS3TestServer();
    try {
      const { host: endPoint, port, accessKey, secretKey } = server;
      const moduleRef = await Test.createTestingModule({
        imports: [
          BlobStoreModule.forRoot({ adapter: 'minio', endPoint, port, useSSL: false, accessKey, secretKey, bucket: 'module-bucket' }),
        ],
      }).compile();
      const store = moduleRef.get<BlobStore>(BLOB_STORE);
      expect(store).toBeInstanceOf(MinioBlobStore);
      await store.put('k', Buffer.from('via module'), 'text/plain');
      expect((await store.get('k'))?.toString()).toBe('via module');
      await moduleRef.close();
    } finally {
      await server.stop();
    }
  });

  it('fails at boot on an unknown adapter name', async () => {
    const config = { adapter: 'ftp', dir } as unknown as BlobStoreConfig;
    const boot = Test.createTestingModule({ imports: [BlobStoreModule.forRoot(config)] }).compile();
    await expect(boot).rejects.toThrow('Unknown blob store adapter: ftp');
  });
});
