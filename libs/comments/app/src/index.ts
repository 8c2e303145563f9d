export * from './comments.module';
export * from './comments.options';
