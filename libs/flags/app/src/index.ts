export * from './flags.module';
export * from './flags.options';
