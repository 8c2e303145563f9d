import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { CLOCK, type Clock } from '@tracker/platform/command-handler';
import { EVENT_STORE, EVENT_STREAMS, type EventStore, type EventStreams } from '@tracker/platform/event-store';
import { IN_PROCESS_BROKER, MESSAGE_BUS, type MessageBus, messageServerStrategy } from '@tracker/platform/messaging';
import { loadStandaloneConfig } from '../../apps/standalone/src/config';
import { StandaloneModule } from '../../apps/standalone/src/standalone.module';
import { TEST_ADMIN_ENV } from './admin';
import { TEST_ADMIN_AUTH } from './tracker';

/**
 * The whole Tracker in this process, as `npm start` runs it but on a given database of
 * the real PostgreSQL server, with providers swapped the way a test needs (a fixed clock,
 * other stream types). For tests that compare two Trackers run on copies of one database.
 */
export interface TrackerInProcess {
  readonly baseUrl: string;
  /** the event store as the services see it (upcasting) */
  readonly store: EventStore;
  /** an internal message straight to a service, as the administrator */
  request<Result>(subject: string, params: unknown): Promise<Result>;
  stop(): Promise<void>;
}

export interface TrackerOverrides {
  readonly clock: Clock;
  readonly streams?: EventStreams;
}

export async function startTrackerInProcess(databaseUrl: string, overrides: TrackerOverrides): Promise<TrackerInProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-overrides-'));
  const config = loadStandaloneConfig({
    TRACKER_DATABASE_URL: databaseUrl,
    TRACKER_DATABASE_POOL_SIZE: '3',
    TRACKER_DATA_DIR: dataDir,
    TRACKER_LOG_LEVEL: 'warn',
    ...TEST_ADMIN_ENV,
  });
  let builder = Test.createTestingModule({ imports: [StandaloneModule.forRoot(config)] })
    .overrideProvider(CLOCK)
    .useValue(overrides.clock);
  if (overrides.streams) builder = builder.overrideProvider(EVENT_STREAMS).useValue(overrides.streams);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter({ bodyLimit: config.http.maxBodyBytes }), {
    bodyParser: false,
    logger: [...config.platform.logLevels],
  });
  app.connectMicroservice(
    { strategy: messageServerStrategy(config.platform.messaging, app.get(IN_PROCESS_BROKER), undefined) },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  const bus = app.get<MessageBus>(MESSAGE_BUS);
  let sequence = 0;
  return {
    baseUrl: (await app.getUrl()).replace('[::1]', '127.0.0.1'),
    store: app.get<EventStore>(EVENT_STORE),
    request: <Result>(subject: string, params: unknown) =>
      bus.request<Result>(subject, { auth: TEST_ADMIN_AUTH, correlationId: `overrides-${++sequence}`, params }),
    stop: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
