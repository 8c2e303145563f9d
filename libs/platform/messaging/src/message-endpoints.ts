import { CommonErrors, isDomainError, type ServiceReply, type ServiceRequest } from '@tracker/contracts';

/** Answers one subject's requests in this process; what it throws goes back as the error. */
export type EndpointHandler<Params = unknown, Result = unknown> = (request: ServiceRequest<Params>) => Promise<Result>;

/**
 * Subjects a process answers for itself alone, outside any queue group, opened at run time
 * (a gateway's own invalidation subject; its name holds a random id). The message
 * handlers of a service stay `@MessageHandler`s: those are shared by its replicas.
 */
export interface MessageEndpoints {
  /** Starts answering `subject` (prefixed like every subject); resolves once subscribed, to a function that stops it. */
  serve<Params, Result>(subject: string, handler: EndpointHandler<Params, Result>): Promise<() => void>;
}

export const MESSAGE_ENDPOINTS = Symbol('MESSAGE_ENDPOINTS');

/** The handler's outcome as every service answers: `{ok, result}` or the error as data. */
export async function endpointReply(handler: EndpointHandler, request: ServiceRequest): Promise<ServiceReply> {
  try {
    return { ok: true, result: await handler(request) };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, error: error.toData() };
    return { ok: false, error: CommonErrors.internal(request.correlationId).toData() };
  }
}
