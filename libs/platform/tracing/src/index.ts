export * from './tracer';
export * from './trace-context';
export * from './tracing.config';
export * from './tracing-sdk';
export * from './tracing-shutdown';
