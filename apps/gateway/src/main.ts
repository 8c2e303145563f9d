import 'reflect-metadata';
import { createHttpApplication, exitOnStartupError, listen } from '@tracker/platform/runtime';
import { loadGatewayConfig } from './config';
import { GatewayAppModule } from './gateway-app.module';

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const app = await createHttpApplication(GatewayAppModule.forRoot(config), config.http, config.logLevels);
  await listen(app, config.http);
}

main().catch(exitOnStartupError);
