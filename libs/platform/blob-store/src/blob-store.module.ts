import type { DynamicModule, OnModuleDestroy } from '@nestjs/common';
import { Inject, Injectable, Module } from '@nestjs/common';
import { BLOB_STORE, type BlobStore } from './blob-store.port';
import { DirectoryBlobStore } from './directory-blob-store.adapter';
import { MinioBlobStore, type MinioBlobStoreOptions } from './minio-blob-store.adapter';

export type BlobStoreConfig =
  { readonly adapter: 'directory'; readonly dir: string } | ({ readonly adapter: 'minio' } & MinioBlobStoreOptions);

@Injectable()
class BlobStoreLifecycle implements OnModuleDestroy {
  constructor(@Inject(BLOB_STORE) private readonly store: BlobStore) {}

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}

/** Picks the blob-store adapter named by configuration; an unknown name fails at boot. */
@Module({})
export class BlobStoreModule {
  static forRoot(config: BlobStoreConfig): DynamicModule {
    return {
      module: BlobStoreModule,
      global: true,
      providers: [{ provide: BLOB_STORE, useFactory: () => createBlobStore(config) }, BlobStoreLifecycle],
      exports: [BLOB_STORE],
    };
  }
}

function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  switch (config.adapter) {
    case 'directory':
      return DirectoryBlobStore.create(config.dir);
    case 'minio':
      return MinioBlobStore.create(config);
    default:
      return unknownAdapter(config);
  }
}

/** `never` makes a new adapter in BlobStoreConfig without a case a compile error. */
function unknownAdapter(config: never): never {
  throw new Error(`Unknown blob store adapter: ${String((config as { adapter?: unknown }).adapter)}`);
}
