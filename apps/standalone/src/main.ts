import 'reflect-metadata';
import { closeHttpApplication, exitOnStartupError, onTermination } from '@tracker/platform/runtime';
import { loadStandaloneConfig } from './config';
import { startStandalone } from './start-standalone';

startStandalone(loadStandaloneConfig(process.env))
  .then(({ app }) => onTermination(() => closeHttpApplication(app)))
  .catch(exitOnStartupError);
