export * from './authenticate.message';
