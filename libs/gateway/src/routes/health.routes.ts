import {
  DomainError,
  LIST_DEAD_LETTERS_SUBJECT,
  SERVICES_WITH_READ_MODELS,
  type SkipEventResult,
  listDeadLettersParams,
  param,
  skipEventParams,
  skipEventSubject,
} from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import type { Route } from '../routing/route';
import { servicesHealth } from './services-health';

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
const skipEventRouteParams = skipEventParams.extend({ service: param.string() });

export function healthRoutes(bus: MessageBus): readonly Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      credentials: 'ignored',
      target: {
        kind: 'local',
        answer: (_params, context) => servicesHealth(bus, context.correlationId),
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
