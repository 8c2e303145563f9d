export * from './blob-store.contract';
export * from './chunked-source';
export * from './s3rver-test-server';
