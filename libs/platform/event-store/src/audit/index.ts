export * from './audit-export';
export * from './canonical-json';
export * from './chain-verifier';
export * from './checkpoint-verifier';
export * from './event-hash';
export * from './exported-log';
export * from './postgres-audit-log';
export * from './verify-log';
