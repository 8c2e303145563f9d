import { Logger } from '@nestjs/common';
import { CommonErrors, type ErrorData, isDomainError, type ServiceReply } from '@tracker/contracts';
import { isTransientDatabaseError } from '@tracker/platform/sql';
import { withCorrelationId } from './correlation-context';
import { inMessageSpan } from './message-span';

const logger = new Logger('ServiceReply');

/** The message being handled: its subject (without the transport's prefix), the handler's name for the log, the caller's correlation id. */
export interface HandledMessage {
  readonly subject: string;
  readonly handler: string;
  readonly correlationId: string;
}

/**
 * Runs one message's handler and answers as every service does, whichever way the
 * message came: results as `{ok, result}`, domain errors as data, a database that could
 * not be reached (restarting, connection lost) as the retryable 503 error, anything else
 * unexpected as an internal error whose details go to the log under the request's
 * correlation id and never to the caller. The handler runs in that correlation id's
 * context and in the message's server span, so every line it logs names it and its SQL,
 * appends and own requests join the trace.
 */
export function serviceReply(message: HandledMessage, handle: () => Promise<unknown>): Promise<ServiceReply> {
  return inMessageSpan(message.subject, message.correlationId, () =>
    withCorrelationId(message.correlationId, async (): Promise<ServiceReply> => {
      try {
        return { ok: true, result: await handle() };
      } catch (error) {
        return { ok: false, error: errorReply(message, error) };
      }
    }),
  );
}

function errorReply(message: HandledMessage, error: unknown): ErrorData {
  if (isDomainError(error)) return error.toData();
  const { handler, correlationId } = message;
  if (isTransientDatabaseError(error)) {
    logger.warn(
      `[${correlationId}] ${handler}: the database could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
    return databaseUnavailable(correlationId).toData();
  }
  logger.error(`[${correlationId}] ${handler} failed: ${error instanceof Error ? error.stack : String(error)}`);
  return CommonErrors.internal(correlationId).toData();
}

function databaseUnavailable(correlationId: string): ReturnType<typeof CommonErrors.serviceUnavailable> {
  return CommonErrors.serviceUnavailable(
    `Tracker's database could not be reached while serving this request (it may be restarting); the request may not have been carried out. Please retry in a moment; if it persists, quote correlation id ${correlationId}.`,
  );
}
