export * from './identity.module';
export * from './identity.options';
