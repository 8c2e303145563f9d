export * from './auth/auth-context';
export * from './errors/common.errors';
export * from './errors/domain-error';
export * from './events/event-envelope';
export * from './messaging/service-request';
export * from './messaging/services';
