export * from './domain-event';
export * from './event-store.module';
export * from './event-store.port';
export * from './postgres-event-store.adapter';
export { appendPayloadOf } from './postgres-event-store.rows';
export * from './event-streams';
export * from './upcasting-event-store';
export * from './audit';
