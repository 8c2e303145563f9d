export * from './bugs.module';
