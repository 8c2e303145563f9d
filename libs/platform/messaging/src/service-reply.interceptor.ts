import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { ServiceReply, ServiceRequest } from '@tracker/contracts';
import { serviceReply } from './service-reply';

/**
 * Wraps every message handler Nest calls (every one over NATS; in process, those that are
 * not `@MessageHandler`s) in a ServiceReply, as `serviceReply` describes.
 */
@Injectable()
export class ServiceReplyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<ServiceReply> {
    if (context.getType() !== 'rpc') return next.handle() as Observable<ServiceReply>;
    const request = context.switchToRpc().getData<Partial<ServiceRequest>>();
    const message = {
      subject: subjectOf(context),
      handler: `${context.getClass().name}.${context.getHandler().name}`,
      correlationId: request?.correlationId ?? 'unknown',
    };
    // next.handle() is called (and subscribed) inside the message's correlation context and span
    return from(serviceReply(message, () => lastValueFrom(next.handle())));
  }
}

/** The handler's subject as the code names it (without the transport's prefix), the same on both transports. */
function subjectOf(context: ExecutionContext): string {
  const patterns = Reflect.getMetadata(PATTERN_METADATA, context.getHandler()) as unknown;
  const first: unknown = Array.isArray(patterns) ? patterns[0] : undefined;
  return typeof first === 'string' ? first : `${context.getClass().name}.${context.getHandler().name}`;
}
