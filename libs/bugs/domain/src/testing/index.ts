export * from './bug-commands.fixture';
export * from './bug-rules.fixture';
