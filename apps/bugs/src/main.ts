import 'reflect-metadata';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { BugsAppModule } from './bugs-app.module';
import { loadBugsConfig } from './config';

async function main(): Promise<void> {
  const config = loadBugsConfig(process.env);
  await startService('bugs', BugsAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
