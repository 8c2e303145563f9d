import type { TracerProvider } from '@opentelemetry/api';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { Client } from 'pg';

/**
 * A span per SQL query, by the official `pg` instrumentation. It normally patches `pg` as
 * it is required, but a Tracker process has loaded `pg` long before its configuration is
 * read (and Jest loads modules its own way), so its patch is applied here to the loaded
 * `pg.Client`, which every pool and TypeORM use. Only queries made inside a trace get a
 * span (`requireParentSpan`): projections and timers would otherwise open a trace per query.
 * Returns the undoing of the patch.
 */
export function traceSqlQueries(provider: TracerProvider): () => void {
  const instrumentation = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  instrumentation.setTracerProvider(provider);
  const pg = instrumentation.getModuleDefinitions().find((definition) => definition.name === 'pg');
  if (!pg?.patch) throw new Error('@opentelemetry/instrumentation-pg no longer patches the pg module as expected');
  const loaded = { Client };
  pg.patch(loaded);
  return () => void pg.unpatch?.(loaded);
}
