export * from './sample-read-model';
export * from './sample-read-models';
export * from './projected-log';
export * from './projection-fixture';
export * from './table-digests';
