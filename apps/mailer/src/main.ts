import 'reflect-metadata';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { MailerAppModule } from './mailer-app.module';
import { loadMailerConfig } from './config';
import { yieldCpuToServices } from './process-priority';

async function main(): Promise<void> {
  const config = loadMailerConfig(process.env);
  yieldCpuToServices(config.nice);
  await startService('mailer', MailerAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
