export * from './gateway.module';
export * from './gateway.options';
export * from './rest-pipeline';
export * from './routing/route';
export * from './routing/route-table';
