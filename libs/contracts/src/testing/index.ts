// Fixtures of contract types that specs of several libraries share (`@tracker/contracts/testing`); never imported by source.
export * from './flags-changed.fixture';
