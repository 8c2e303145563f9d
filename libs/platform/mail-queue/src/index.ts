export * from './bullmq-mail-queue.adapter';
export * from './in-process-mail-queue.adapter';
export * from './mail-queue.module';
export * from './mail-queue.port';
export * from './mail-retry';
