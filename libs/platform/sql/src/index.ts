export * from './embedded-postgres';
export * from './prompt-pool';
export * from './sql-connection';
export * from './sql.module';
export * from './connection-errors';
export * from './wait-for-postgres';
