import { Gauge } from 'prom-client';
import { METRICS_REGISTRY } from '@tracker/platform/metrics';
import type { WorkerMemory } from './embedded-postgres';

const sources = new Set<() => Promise<WorkerMemory>>();

/**
 * The embedded PostgreSQL's memory on GET /metrics, asked of its worker at each scrape:
 * most of an embedded process's resident memory is there (docs/benchmarks.md, "Embedded
 * memory"), and the process's own heap metrics do not see a worker thread's.
 */
const embeddedPostgresMemory = new Gauge({
  name: 'tracker_embedded_postgres_memory_bytes',
  help: "Memory of the embedded PostgreSQL's worker thread: wasm (PostgreSQL's WebAssembly memory, which never shrinks), heap (the worker's JavaScript heap)",
  labelNames: ['part'] as const,
  registers: [METRICS_REGISTRY],
  async collect() {
    // a worker that cannot answer now (restarting) is left out rather than failing the scrape
    const answers = await Promise.all([...sources].map((read) => read().catch(() => undefined)));
    // summed first and set after the wait: concurrent scrapes must not add to each other's figures
    const total = { wasm: 0, heap: 0 };
    for (const memory of answers) {
      total.wasm += memory?.wasmBytes ?? 0;
      total.heap += memory?.heapUsedBytes ?? 0;
    }
    this.reset();
    if (answers.some((memory) => memory !== undefined)) {
      this.set({ part: 'wasm' }, total.wasm);
      this.set({ part: 'heap' }, total.heap);
    }
  },
});

/** Reports `read`'s figures on every scrape until the returned function is called. */
export function trackEmbeddedPostgresMemory(read: () => Promise<WorkerMemory>): () => void {
  sources.add(read);
  return () => {
    sources.delete(read);
    if (sources.size === 0) embeddedPostgresMemory.reset();
  };
}
