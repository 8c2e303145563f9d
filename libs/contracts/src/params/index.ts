export * as param from './param-types';
export * from './parse-params';
export * from './api-input';
