import 'reflect-metadata';
import { exitOnStartupError, startService } from '@tracker/platform/runtime';
import { CatalogAppModule } from './catalog-app.module';
import { loadCatalogConfig } from './config';

async function main(): Promise<void> {
  const config = loadCatalogConfig(process.env);
  await startService('catalog', CatalogAppModule.forRoot(config), config.platform);
}

main().catch(exitOnStartupError);
