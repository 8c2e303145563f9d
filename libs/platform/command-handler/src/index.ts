export * from './command-context';
export * from './command-handler';
export * from './clock';
export * from './commands.module';
export * from './service-commands';
