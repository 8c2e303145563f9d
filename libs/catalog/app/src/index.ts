export * from './catalog.module';
export * from './catalog.options';
