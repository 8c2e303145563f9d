export * from './checkpoints.migration';
export * from './projection';
export * from './projection-runner';
export * from './read-model';
export * from './read-model.module';
export * from './schema';
export * from './id-sequence';
export * from './keyed-lock';
