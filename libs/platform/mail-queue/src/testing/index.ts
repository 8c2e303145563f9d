export * from './mail-queue.contract';
export * from './mail-recording';
export * from './open-queue';
