import { CommonErrors, type DomainError, type ReadinessProblem } from '@tracker/contracts';
import type { RecordedEvent } from '@tracker/platform/event-store';

/**
 * A projection that cannot apply an event stops at it: the event's stream, position and
 * type and the error are what an operator needs (GET /rest/health shows them), and what
 * callers are told instead of waiting for something that will not come.
 */
const MAX_ERROR_LENGTH = 500;

export function projectionProblem(projection: string, event: RecordedEvent, error: unknown, since: Date): ReadinessProblem {
  const message = error instanceof Error ? error.message : String(error);
  return {
    projection,
    stream: event.streamName,
    position: event.position.toString(),
    event_type: event.type,
    event_id: event.id,
    error: message.split('\n')[0]?.slice(0, MAX_ERROR_LENGTH) ?? '',
    since: since.toISOString(),
  };
}

function stoppedAt(problem: ReadinessProblem): string {
  return `could not apply a recorded change (event ${problem.position}, ${problem.event_type} of ${problem.stream}) and waits for an administrator (GET /rest/health tells more)`;
}

/** A write refused before anything was appended. */
export function notAcceptingChanges(service: string, problem: ReadinessProblem): DomainError {
  return CommonErrors.serviceUnavailable(
    `The ${service} service is not accepting changes: it ${stoppedAt(problem)}. Nothing was changed; please try again later.`,
  );
}

/** The read model cannot catch up (at start, after a rebuild). */
export function notReady(service: string, problem: ReadinessProblem): DomainError {
  return CommonErrors.serviceUnavailable(`The ${service} service is not ready: it ${stoppedAt(problem)}.`);
}

/**
 * A write whose events are stored but cannot be shown (they come at or after the stop): done,
 * so not the 503 that tells a client (and the Idempotency-Key guard) that nothing was.
 */
export function changeNotVisible(service: string, problem: ReadinessProblem): DomainError {
  return CommonErrors.changeInDoubt(
    `The change was recorded, but the ${service} service cannot show it yet: it ${stoppedAt(problem)}. Please try again later.`,
  );
}
