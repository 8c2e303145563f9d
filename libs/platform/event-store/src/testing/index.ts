export * from './event-store.contract';
export * from './tracker-streams';
