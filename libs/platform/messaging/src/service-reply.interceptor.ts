import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { type Observable, catchError, map, of } from 'rxjs';
import { CommonErrors, isDomainError, type ServiceReply, type ServiceRequest } from '@tracker/contracts';

/**
 * Wraps every message handler's outcome in a ServiceReply: results as `{ok, result}`,
 * domain errors as data, anything unexpected as an internal error whose details go to
 * the log under the request's correlation id and never to the caller.
 */
@Injectable()
export class ServiceReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ServiceReply');

  intercept(context: ExecutionContext, next: CallHandler): Observable<ServiceReply> {
    if (context.getType() !== 'rpc') return next.handle() as Observable<ServiceReply>;
    const request = context.switchToRpc().getData<Partial<ServiceRequest>>();
    const correlationId = request?.correlationId ?? 'unknown';
    return next.handle().pipe(
      map((result: unknown): ServiceReply => ({ ok: true, result })),
      catchError((error: unknown) => {
        if (isDomainError(error)) return of<ServiceReply>({ ok: false, error: error.toData() });
        const pattern = `${context.getClass().name}.${context.getHandler().name}`;
        this.logger.error(`[${correlationId}] ${pattern} failed: ${error instanceof Error ? error.stack : String(error)}`);
        return of<ServiceReply>({ ok: false, error: CommonErrors.internal(correlationId).toData() });
      }),
    );
  }
}
