export * from './change';
export * from './classification.events';
export * from './field-type';
export * from './field.events';
export * from './group-control';
export * from './keyword.events';
export * from './product.events';
export * from './workflow.events';
