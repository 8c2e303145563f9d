import 'reflect-metadata';
import { exitOnStartupError } from '@tracker/platform/runtime';
import { loadStandaloneConfig } from './config';
import { startStandalone } from './start-standalone';

startStandalone(loadStandaloneConfig(process.env)).catch(exitOnStartupError);
