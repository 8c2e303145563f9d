import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { type Observable, catchError, map, of } from 'rxjs';
import { CommonErrors, isDomainError, type ServiceReply, type ServiceRequest } from '@tracker/contracts';
import { isTransientDatabaseError } from '@tracker/platform/sql';
import { withCorrelationId } from './correlation-context';
import { inMessageSpan } from './message-span';

/**
 * Wraps every message handler's outcome in a ServiceReply: results as `{ok, result}`,
 * domain errors as data, a database that could not be reached (restarting, connection
 * lost) as the retryable 503 error, anything else unexpected as an internal error whose
 * details go to the log under the request's correlation id and never to the caller. The
 * handler runs in that correlation id's context, so every line it logs names it.
 */
@Injectable()
export class ServiceReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ServiceReply');

  intercept(context: ExecutionContext, next: CallHandler): Observable<ServiceReply> {
    if (context.getType() !== 'rpc') return next.handle() as Observable<ServiceReply>;
    const request = context.switchToRpc().getData<Partial<ServiceRequest>>();
    const correlationId = request?.correlationId ?? 'unknown';
    // the handler runs (and logs) inside the request's correlation context and its server span:
    // next.handle() binds the handler's call to the async context it is called in
    return inMessageSpan(subjectOf(context), correlationId, () =>
      withCorrelationId(correlationId, () => this.reply(context, next, correlationId)),
    );
  }

  private reply(context: ExecutionContext, next: CallHandler, correlationId: string): Observable<ServiceReply> {
    return next.handle().pipe(
      map((result: unknown): ServiceReply => ({ ok: true, result })),
      catchError((error: unknown) => {
        if (isDomainError(error)) return of<ServiceReply>({ ok: false, error: error.toData() });
        const pattern = `${context.getClass().name}.${context.getHandler().name}`;
        if (isTransientDatabaseError(error)) {
          this.logger.warn(
            `[${correlationId}] ${pattern}: the database could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          );
          return of<ServiceReply>({ ok: false, error: databaseUnavailable(correlationId).toData() });
        }
        this.logger.error(`[${correlationId}] ${pattern} failed: ${error instanceof Error ? error.stack : String(error)}`);
        return of<ServiceReply>({ ok: false, error: CommonErrors.internal(correlationId).toData() });
      }),
    );
  }
}

/** The handler's subject as the code names it (without the transport's prefix), the same on both transports. */
function subjectOf(context: ExecutionContext): string {
  const patterns = Reflect.getMetadata(PATTERN_METADATA, context.getHandler()) as unknown;
  const first: unknown = Array.isArray(patterns) ? patterns[0] : undefined;
  return typeof first === 'string' ? first : `${context.getClass().name}.${context.getHandler().name}`;
}

function databaseUnavailable(correlationId: string): ReturnType<typeof CommonErrors.serviceUnavailable> {
  return CommonErrors.serviceUnavailable(
    `Tracker's database could not be reached while serving this request (it may be restarting); the request may not have been carried out. Please retry in a moment; if it persists, quote correlation id ${correlationId}.`,
  );
}
