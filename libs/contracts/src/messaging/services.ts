/** The services of Tracker; each answers request/reply messages on `<service>.<verb>`. */
export const SERVICE_NAMES = ['identity', 'catalog', 'bugs', 'comments', 'flags', 'mailer'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** Every service answers this with its name and whether it is ready. */
export const healthSubject = (service: ServiceName): string => `${service}.health`;

/** A service is up and ready, or up but not ready, saying why. */
export type HealthReply =
  | { readonly service: ServiceName; readonly status: 'ok' }
  | {
      readonly service: ServiceName;
      readonly status: 'not_ready';
      readonly problems: readonly ReadinessProblem[];
      /** the process's connections that are down (it reconnects by itself) */
      readonly connections?: readonly ConnectionProblem[];
    };

/** A connection of a service's process that is down: it reconnects with back-off by itself (docs/operations.md, "Faults"). */
export interface ConnectionProblem {
  /** e.g. `nats`, `read model database`, `event-store notifications`, `redis` */
  readonly connection: string;
  /** when it was found down (ISO-8601 UTC) */
  readonly since: string;
  readonly error: string;
}

/**
 * Why a service is not ready: one of its projections could not apply an event of the log
 * and stopped there (it refuses changes until an administrator repairs it; see
 * docs/operations.md). Positions are decimal text: they may exceed JavaScript's integers.
 */
export interface ReadinessProblem {
  readonly projection: string;
  readonly stream: string;
  readonly position: string;
  readonly event_type: string;
  readonly event_id: string;
  readonly error: string;
  /** when the projection stopped (ISO-8601 UTC) */
  readonly since: string;
}
