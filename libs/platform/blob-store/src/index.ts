export * from './blob-key';
export * from './blob-store.module';
export * from './blob-store.port';
export * from './directory-blob-store.adapter';
export * from './minio-blob-store.adapter';
export * from './blob-store.config';
