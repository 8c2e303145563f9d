export * from './blob-store.contract';
export * from './s3rver-test-server';
