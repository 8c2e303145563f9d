// Fixtures the flags service's specs share (`@tracker/flags/domain/testing`); never imported by source.
export * from './flag-type-settings.fixture';
export * from './flag-type-world.fixture';
