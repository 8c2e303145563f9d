import {
  ANONYMOUS,
  type ConnectionProblem,
  type HealthReply,
  type ReadinessProblem,
  SERVICE_NAMES,
  type ServiceName,
  healthSubject,
} from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';

/** How long a service's health message may take before it counts as unavailable. */
const HEALTH_TIMEOUT_MS = 2000;

export type ServiceState = 'ok' | 'not_ready' | 'unavailable';

/** What GET /rest/health answers, and GET /readyz with 503 when `status` is not `ok`. */
export interface ServicesHealth {
  readonly status: 'ok' | 'degraded';
  readonly services: Record<ServiceName, ServiceState>;
  readonly problems?: ReadonlyArray<ReadinessProblem & { service: ServiceName }>;
  readonly connections?: ReadonlyArray<ConnectionProblem & { service: ServiceName }>;
}

/**
 * Asks every service for its health message at once: a service that does not answer in
 * time is `unavailable`, one that answers but is not ready says why (a projection stopped
 * at an event it cannot apply: `problems`; a connection down and reconnecting: `connections`).
 */
export async function servicesHealth(bus: MessageBus, correlationId: string): Promise<ServicesHealth> {
  const replies = await Promise.all(SERVICE_NAMES.map((service) => probe(bus, service, correlationId)));
  const services = Object.fromEntries(SERVICE_NAMES.map((service, i) => [service, stateOf(replies[i])])) as Record<
    ServiceName,
    ServiceState
  >;
  const problems = replies.flatMap((reply): Array<ReadinessProblem & { service: ServiceName }> =>
    reply !== 'unavailable' && reply.status === 'not_ready'
      ? reply.problems.map((problem) => ({ service: reply.service, ...problem }))
      : [],
  );
  const connections = replies.flatMap((reply): Array<ConnectionProblem & { service: ServiceName }> =>
    reply !== 'unavailable' && reply.status === 'not_ready'
      ? (reply.connections ?? []).map((connection) => ({ service: reply.service, ...connection }))
      : [],
  );
  const status = Object.values(services).every((state) => state === 'ok') ? 'ok' : 'degraded';
  return { status, services, ...(problems.length > 0 ? { problems } : {}), ...(connections.length > 0 ? { connections } : {}) };
}

function stateOf(reply: HealthReply | 'unavailable' | undefined): ServiceState {
  return reply === undefined || reply === 'unavailable' ? 'unavailable' : reply.status;
}

async function probe(bus: MessageBus, service: ServiceName, correlationId: string): Promise<HealthReply | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), HEALTH_TIMEOUT_MS);
  });
  const answer = bus
    .request<HealthReply>(healthSubject(service), { auth: ANONYMOUS, correlationId, params: null })
    .catch((): 'unavailable' => 'unavailable');
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
