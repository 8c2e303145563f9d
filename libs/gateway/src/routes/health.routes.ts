import { ANONYMOUS, SERVICE_NAMES, type ServiceName, healthSubject } from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import type { Route } from '../routing/route';

/**
 * `GET /rest/health` (a Tracker extension, not in Bugzilla): asks every service for its
 * health message and reports each one, so an operator or a readiness probe sees at once
 * which service does not answer. It always answers 200; `status` says whether all are up.
 */
const HEALTH_TIMEOUT_MS = 2000;

export function healthRoutes(bus: MessageBus): readonly Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      credentials: 'ignored',
      target: {
        kind: 'local',
        answer: async (_params, context) => {
          const states = await Promise.all(SERVICE_NAMES.map((service) => probe(bus, service, context.correlationId)));
          const services = Object.fromEntries(SERVICE_NAMES.map((service, i) => [service, states[i]]));
          return { status: states.every((state) => state === 'ok') ? 'ok' : 'degraded', services };
        },
      },
    },
  ];
}

async function probe(bus: MessageBus, service: ServiceName, correlationId: string): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), HEALTH_TIMEOUT_MS);
  });
  const answer = bus
    .request(healthSubject(service), { auth: ANONYMOUS, correlationId, params: null })
    .then((): 'ok' => 'ok', (): 'unavailable' => 'unavailable');
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
