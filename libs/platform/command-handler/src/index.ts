export * from './command-context';
export * from './command-handler';
export * from './decider';
