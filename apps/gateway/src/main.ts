import 'reflect-metadata';
import {
  closeHttpApplication,
  createHttpApplication,
  exitOnStartupError,
  listen,
  onTermination,
  processLogger,
} from '@tracker/platform/runtime';
import { startTracing } from '@tracker/platform/tracing';
import { loadGatewayConfig } from './config';
import { GatewayAppModule } from './gateway-app.module';

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  await startTracing(config.tracing, 'gateway');
  const app = await createHttpApplication(
    GatewayAppModule.forRoot(config),
    config.http,
    processLogger('gateway', config.logFormat, config.logLevels),
  );
  await listen(app, config.http);
  onTermination(() => closeHttpApplication(app));
}

main().catch(exitOnStartupError);
