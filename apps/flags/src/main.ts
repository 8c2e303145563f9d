import 'reflect-metadata';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { FlagsAppModule } from './flags-app.module';
import { loadFlagsConfig } from './config';

async function main(): Promise<void> {
  const config = loadFlagsConfig(process.env);
  await startService('flags', FlagsAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
