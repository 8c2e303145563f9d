export * from './temp-database';
export * from './test-servers';
export * from './http-client';
export * from './node-process';
export * from './wait-until';
export * from './decider-spec';
export * from './both-postgres';
export * from './error-factories';
