import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The correlation id of the request this code runs for, carried by Node's async context
 * rather than by every function's parameters, so that any log line written while a request
 * is handled names it (the JSON logger reads it). The gateway sets it for each HTTP request,
 * ServiceReplyInterceptor for each message a service handles (from `ServiceRequest.correlationId`).
 */
const correlation = new AsyncLocalStorage<{ readonly correlationId: string }>();

/** Runs `work` (and everything it starts, awaited or not) as part of request `correlationId`. */
export function withCorrelationId<T>(correlationId: string, work: () => T): T {
  return correlation.run({ correlationId }, work);
}

/** The id of the request being handled here, or undefined outside any (start-up, timers, projections). */
export function currentCorrelationId(): string | undefined {
  return correlation.getStore()?.correlationId;
}
