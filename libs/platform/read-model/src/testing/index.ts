export * from './sample-read-model';
