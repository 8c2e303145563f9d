import 'reflect-metadata';
import { closeHttpApplication, exitOnStartupError, onTermination } from '@tracker/platform/runtime';
import { loadStandaloneConfig } from './config';
import { limitHeapGrowth } from './heap-growth';
import { startStandalone } from './start-standalone';

limitHeapGrowth();
startStandalone(loadStandaloneConfig(process.env))
  .then(({ app }) => onTermination(() => closeHttpApplication(app)))
  .catch(exitOnStartupError);
