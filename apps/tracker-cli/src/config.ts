import { EnvReader } from '@tracker/platform/config';

export interface TrackerCliConfig {
  /** the PostgreSQL server holding the event store (schema `eventstore`) */
  readonly databaseUrl: string;
  /** NATS, for the services' admin messages (`projections rebuild`), with the services' subject prefix */
  readonly natsUrl: string;
  readonly subjectPrefix: string;
}

/** The only place the operator CLI reads its environment: the services' own variables, with their defaults. */
export function loadTrackerCliConfig(environment: NodeJS.ProcessEnv): Readonly<TrackerCliConfig> {
  const env = new EnvReader(environment);
  return env.finish({
    databaseUrl: env.url('TRACKER_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tracker', ['postgres', 'postgresql']),
    natsUrl: env.url('TRACKER_NATS_URL', 'nats://127.0.0.1:4222', ['nats', 'tls']),
    subjectPrefix: env.string('TRACKER_NATS_SUBJECT_PREFIX', 'tracker.'),
  });
}
