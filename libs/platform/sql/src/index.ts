export * from './embedded-postgres';
export * from './sql-connection';
export * from './sql.module';
