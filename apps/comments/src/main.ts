import 'reflect-metadata';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { CommentsAppModule } from './comments-app.module';
import { loadCommentsConfig } from './config';

async function main(): Promise<void> {
  const config = loadCommentsConfig(process.env);
  await startService('comments', CommentsAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
