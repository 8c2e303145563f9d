import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * How many batch statements one data source names at most. A named statement stays
 * prepared on every pooled connection that ran it for the connection's life (the driver
 * never deallocates), so the names are bounded; the texts past them run unnamed.
 */
export const MAX_NAMED_BATCHES = 64;

const names = new WeakMap<DataSource, Set<string>>();

/**
 * The name a one-statement batch of a single event is prepared under: such batches are a
 * write's own (its reply waits for them), and their texts repeat, one per shape of event
 * (a bug with two aliases, a comment). Parsing and planning the bugs one took 0.6 of its
 * 0.9 ms on the server (docs/benchmarks.md, "The create path, sixth round"). A batch of
 * more events (a catch-up, writes arriving together) has a text of its own size, rarely
 * seen twice: it is not named. The name stands for the text alone (a digest of it).
 */
export function preparedBatchName(dataSource: DataSource, eventCount: number, text: string): string | undefined {
  if (eventCount !== 1) return undefined;
  const name = `batch-${createHash('sha1').update(text).digest('base64url')}`;
  let named = names.get(dataSource);
  if (!named) names.set(dataSource, (named = new Set()));
  if (named.has(name)) return name;
  if (named.size >= MAX_NAMED_BATCHES) return undefined;
  named.add(name);
  return name;
}
