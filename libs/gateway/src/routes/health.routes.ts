import {
  ANONYMOUS,
  type ConnectionProblem,
  DomainError,
  type HealthReply,
  type ReadinessProblem,
  SERVICE_NAMES,
  SERVICES_WITH_READ_MODELS,
  type ServiceName,
  type SkipEventResult,
  LIST_DEAD_LETTERS_SUBJECT,
  listDeadLettersParams,
  healthSubject,
  param,
  skipEventParams,
  skipEventSubject,
} from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import type { Route } from '../routing/route';

/**
 * `GET /rest/health` (a Tracker extension, not in Bugzilla): asks every service for its
 * health message and reports each one, so an operator or a readiness probe sees at once
 * which service does not answer (`unavailable`) or answers but is not ready (`not_ready`:
 * a projection stopped at an event it cannot apply; `problems` says which and why; or
 * one of its connections is down and reconnecting: `connections` says which). It
 * always answers 200; `status` says whether all are up and ready.
 *
 * `POST /rest/health/{service}/skip_event` (admin): the repair of docs/operations.md.
 * `GET /rest/health/mailer/dead_letters` (admin): the mail given up after its last attempt (docs/mail.md §5).
 */
const HEALTH_TIMEOUT_MS = 2000;

type ServiceState = 'ok' | 'not_ready' | 'unavailable';

const skipEventRouteParams = skipEventParams.extend({ service: param.string() });

export function healthRoutes(bus: MessageBus): readonly Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      credentials: 'ignored',
      target: {
        kind: 'local',
        answer: async (_params, context) => {
          const replies = await Promise.all(SERVICE_NAMES.map((service) => probe(bus, service, context.correlationId)));
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
        },
      },
    },
    {
      method: 'GET',
      path: '/health/mailer/dead_letters',
      params: listDeadLettersParams,
      target: { kind: 'message', subject: LIST_DEAD_LETTERS_SUBJECT },
    },
    {
      method: 'POST',
      path: '/health/:service/skip_event',
      params: skipEventRouteParams,
      target: {
        kind: 'local',
        answer: (params, context) => {
          const { service, ...skip } = params as typeof skipEventRouteParams._output;
          const known = SERVICES_WITH_READ_MODELS.find((name) => name === service);
          if (!known) {
            throw new DomainError(
              'objectDoesNotExist',
              `There is no service named '${service}' with a read model; the services with one are ${SERVICES_WITH_READ_MODELS.join(', ')}.`,
            );
          }
          return bus.request<SkipEventResult>(skipEventSubject(known), {
            auth: context.auth,
            correlationId: context.correlationId,
            params: skip,
          });
        },
      },
    },
  ];
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
