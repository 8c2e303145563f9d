import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IN_PROCESS_BROKER, messageServerStrategy } from '@tracker/platform/messaging';
import { createHttpApplication, listen, processLogger } from '@tracker/platform/runtime';
import { startTracing } from '@tracker/platform/tracing';
import type { StandaloneConfig } from './config';
import { StandaloneModule } from './standalone.module';

/** Boots the whole tracker in this process; returns the app and the REST base URL. */
export async function startStandalone(config: StandaloneConfig): Promise<{ app: NestFastifyApplication; url: string }> {
  await startTracing(config.platform.tracing, 'standalone');
  const app = await createHttpApplication(
    StandaloneModule.forRoot(config),
    config.http,
    processLogger('standalone', config.platform.logFormat, config.platform.logLevels),
  );
  app.connectMicroservice(
    { strategy: messageServerStrategy(config.platform.messaging, app.get(IN_PROCESS_BROKER), undefined) },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  const url = await listen(app, config.http);
  return { app, url };
}
