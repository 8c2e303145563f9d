export * from './platform.config';
export * from './platform.module';
export * from './start-service';
export * from './http.config';
export * from './start-http';
export * from './json-logger';
