import 'reflect-metadata';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { IdentityAppModule } from './identity-app.module';
import { loadIdentityConfig } from './config';

async function main(): Promise<void> {
  const config = loadIdentityConfig(process.env);
  await startService('identity', IdentityAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
