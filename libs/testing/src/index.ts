export * from './temp-database';
export * from './test-servers';
