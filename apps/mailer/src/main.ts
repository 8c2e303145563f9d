import 'reflect-metadata';
import { getPriority, setPriority } from 'node:os';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { MailerAppModule } from './mailer-app.module';
import { loadMailerConfig } from './config';

async function main(): Promise<void> {
  const config = loadMailerConfig(process.env);
  // mail is deferred work: on a node it shares with the services, the write path gets the
  // CPU first and the mailer takes what is left (docs/mail.md §5); 19 is the lowest priority
  setPriority(Math.min(19, getPriority() + config.nice));
  await startService('mailer', MailerAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
