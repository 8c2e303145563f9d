export * from './command-builder';
export * from './command-context';
export * from './command-handler';
export * from './clock';
export * from './commands.module';
export * from './command-runner';
export * from './command-providers';
