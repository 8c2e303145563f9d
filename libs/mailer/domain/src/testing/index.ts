export * from './mail-world.fixture';
