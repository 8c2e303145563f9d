import type { ServiceRequest } from '@tracker/contracts';

/**
 * Request/reply between services (and from the gateway to them). A reply that carries
 * an error is thrown as the DomainError it describes; a service that does not answer in
 * time becomes a clean internal error naming the service and the correlation id.
 */
export interface MessageBus {
  request<Result, Params = unknown>(subject: string, request: ServiceRequest<Params>): Promise<Result>;
}

export const MESSAGE_BUS = Symbol('MESSAGE_BUS');
