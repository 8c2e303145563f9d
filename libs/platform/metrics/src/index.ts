export * from './tracker-metrics';
export * from './metrics-exposition';
export * from './projection-lag';
export * from './timed-requests';
export * from './mail-queue-depth';
