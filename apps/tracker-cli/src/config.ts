import { EnvReader } from '@tracker/platform/config';

export interface TrackerCliConfig {
  /** the PostgreSQL server holding the event store (schema `eventstore`) */
  readonly databaseUrl: string;
}

/** The only place the operator CLI reads its environment: the services' own TRACKER_DATABASE_URL. */
export function loadTrackerCliConfig(environment: NodeJS.ProcessEnv): Readonly<TrackerCliConfig> {
  const env = new EnvReader(environment);
  return env.finish({
    databaseUrl: env.url('TRACKER_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tracker', ['postgres', 'postgresql']),
  });
}
