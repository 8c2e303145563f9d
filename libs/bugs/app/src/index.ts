export * from './bugs.module';
export * from './bugs.options';
