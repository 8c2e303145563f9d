export * from './flags.module';
