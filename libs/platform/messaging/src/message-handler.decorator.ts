import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { ServiceRequest } from '@tracker/contracts';

/** A use case as the bus sees it: one request in, one result (or a DomainError) out. */
export interface HandlesMessage<Params = unknown, Result = unknown> {
  handle(request: ServiceRequest<Params>): Promise<Result> | Result;
}

const SUBJECT = Symbol('tracker:message-handler-subject');

/**
 * Makes a use case's handler the endpoint of its subject: the class is registered once,
 * in the service module's `controllers`, and its `handle(request)` answers `subject`
 * (wrapped in a ServiceReply, `serviceReply`). No forwarding controller. Over NATS, Nest
 * calls it; in process, the transport calls `handle` itself (MessageHandlerDirectory).
 */
export function MessageHandler(subject: string) {
  return <Handler extends abstract new (...args: never[]) => HandlesMessage<never>>(target: Handler): void => {
    Controller()(target);
    const handle = Object.getOwnPropertyDescriptor(target.prototype, 'handle');
    if (!handle) throw new Error(`${target.name} answers ${subject} but has no handle(request) method`);
    MessagePattern(subject)(target.prototype as object, 'handle', handle);
    Reflect.defineMetadata(SUBJECT, subject, target);
  };
}

/** The subject a `@MessageHandler` class answers, or undefined for any other class. */
export function messageHandlerSubject(type: unknown): string | undefined {
  return typeof type === 'function' ? (Reflect.getMetadata(SUBJECT, type) as string | undefined) : undefined;
}
