import 'reflect-metadata';
import { closeHttpApplication, exitOnStartupError, onTermination } from '@tracker/platform/runtime';
import { loadStandaloneConfig } from './config';
import { limitHeapGrowth } from './heap-growth';
import { startStandalone } from './start-standalone';

const config = loadStandaloneConfig(process.env);
// the embedded database lives in this process's heap; on a PostgreSQL server the process stays small without the cap
if (config.platform.sql.kind === 'pglite') limitHeapGrowth();
startStandalone(config)
  .then(({ app }) => onTermination(() => closeHttpApplication(app)))
  .catch(exitOnStartupError);
