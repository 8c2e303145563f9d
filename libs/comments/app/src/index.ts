export * from './comments.module';
