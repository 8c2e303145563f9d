import { renderMetrics } from '@tracker/platform/metrics';
import type { WorkerMemory } from './embedded-postgres';
import { trackEmbeddedPostgresMemory } from './embedded-postgres-metrics';

const MB = 1024 * 1024;

describe('embedded PostgreSQL memory on /metrics', () => {
  it('reports the worker memory at every scrape, the same figure under concurrent scrapes, and nothing once untracked', async () => {
    const memory: WorkerMemory = { heapUsedBytes: 20 * MB, externalBytes: 140 * MB, wasmBytes: 128 * MB };
    const untrack = trackEmbeddedPostgresMemory(async () => {
      // answers later than the scrape that asked, as the worker thread does
      await new Promise((resolve) => setTimeout(resolve, 5));
      return memory;
    });
    try {
      const scrapes = await Promise.all([renderMetrics(), renderMetrics(), renderMetrics()]);
      for (const text of scrapes) {
        expect(text).toContain(`tracker_embedded_postgres_memory_bytes{part="wasm"} ${128 * MB}`);
        expect(text).toContain(`tracker_embedded_postgres_memory_bytes{part="heap"} ${20 * MB}`);
      }
    } finally {
      untrack();
    }
    expect(await renderMetrics()).not.toContain('tracker_embedded_postgres_memory_bytes{');
  });

  it('leaves the figure out while the worker cannot answer (restarting), and the scrape still succeeds', async () => {
    let answer: () => Promise<WorkerMemory> = () => Promise.reject(new Error('no answer within a second'));
    const untrack = trackEmbeddedPostgresMemory(() => answer());
    try {
      const text = await renderMetrics();
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).not.toContain('tracker_embedded_postgres_memory_bytes{');
      answer = () => Promise.resolve({ heapUsedBytes: MB, externalBytes: 2 * MB, wasmBytes: 3 * MB });
      expect(await renderMetrics()).toContain(`tracker_embedded_postgres_memory_bytes{part="wasm"} ${3 * MB}`);
    } finally {
      untrack();
    }
  });
});
