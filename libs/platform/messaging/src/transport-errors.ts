import { CommonErrors, DomainError } from '@tracker/contracts';
import { TimeoutError } from 'rxjs';
import { InFlightLostError } from './pending-requests';

/** The in-process bus's own deadline passed (the NATS bus's is rxjs's TimeoutError). */
export class AnswerTimeoutError extends Error {
  constructor() {
    super('no answer in time');
    this.name = 'AnswerTimeoutError';
  }
}

/** Nothing subscribes to the subject: the service is not running (or not yet). */
export class NoRespondersError extends Error {
  constructor(readonly subject: string) {
    super(`nothing answers ${subject}`);
    this.name = 'NoRespondersError';
  }
}

/**
 * NATS said nothing subscribes to the subject, so no process received the request: a
 * service that is not running, or a gateway's own subject when that gateway is gone.
 */
export class NotRunningError extends DomainError {
  constructor(message: string) {
    super('serviceUnavailable', message);
  }
}

/**
 * What the caller of a message is told when the message did not get an answer: the
 * service did not answer in time, or its answer was lost on the way (504: it may have
 * done the work, or may still do it), is not running (503: nothing was done), or could
 * not be reached at all (503: nothing was sent). All are worth retrying; none is the
 * caller's mistake, and none ever escapes as an exception that ends a process.
 */
export function transportFailure(subject: string, correlationId: string, error: unknown, timeoutMs: number): DomainError {
  const service = subject.split('.')[0] ?? subject;
  const quote = `If it persists, quote correlation id ${correlationId}.`;
  if (error instanceof TimeoutError || error instanceof AnswerTimeoutError) {
    return new DomainError(
      'serviceTimeout',
      `The ${service} service did not answer within ${timeoutMs} ms ('${subject}'); the request may still be carried out, so check before you retry. ${quote}`,
    );
  }
  if (error instanceof InFlightLostError) {
    return new DomainError(
      'serviceTimeout',
      `The answer of the ${service} service to '${subject}' was lost (${error.why}); the request may have been carried out, so check before you retry. ${quote}`,
    );
  }
  if (error instanceof NoRespondersError) {
    return new NotRunningError(
      `The ${service} service is not running (nothing answers '${subject}'); nothing was changed. Please retry later. ${quote}`,
    );
  }
  return CommonErrors.serviceUnavailable(`The ${service} service could not be reached ('${subject}'); please retry later. ${quote}`);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
