export * from './client-proxy-message-bus';
export * from './health.controller';
export * from './in-process.transport';
export * from './message-bus.port';
export * from './messaging.module';
export * from './nats.transport';
export * from './service-reply.interceptor';
export * from './message-handler.decorator';
