import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http } from '@tracker/testing';
import { httpRequestsPerSecond } from '../http-load';
import { ratePerSecond } from '../measure';
import type { Measurement } from '../report';
import { NPM_START_NODE_OPTIONS, restBaseOf, startBenchStandalone } from './bench-standalone';
import { ADMIN } from './bugs-generator';
import { call, SECONDS } from './bugs-http';

/** issue 16, item 5: "through the bench and 20,000 bugs"; `BENCH_EMBEDDED_BUGS=2000` shortens it */
const BUGS = Number(process.env['BENCH_EMBEDDED_BUGS'] ?? 20_000);
const IN_FLIGHT = 8;
const CONNECTIONS = 32;
const PRODUCTS = 4;
/** issue 16's bounds for `npm start` */
const READY_AT_MOST_S = 5;
const RSS_AT_MOST_MB = 500;

/**
 * Issue 16, item 5: the embedded run mode (`npm start`: every service and PGlite in one
 * process) stays lean. Starts the standalone process as `npm start` does after its build
 * (fresh data directory, no database URL) and measures:
 * - ready: from spawn until the catalog's defaults answer (a newcomer's first call), at most 5 s;
 * - resident memory after `BUGS` bugs created through the API and the keyed-read and search
 *   loads of the bugs suite at 32 connections, at most 500 MB, and its peak meanwhile,
 *   both read from the process's own `/metrics` (`process_resident_memory_bytes`), with the
 *   parts that make it up and the rates of the loads;
 * the process is started with `npm start`'s node options.
 */
export async function embeddedBench(): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tracker-bench-embedded-'));
  const started = process.hrtime.bigint();
  const tracker = startBenchStandalone(dataDir, { NODE_OPTIONS: NPM_START_NODE_OPTIONS });
  try {
    const base = await restBaseOf(tracker);
    const origin = base.replace(/\/rest$/, '');
    await untilInstalled(origin);
    const ready = Number(process.hrtime.bigint() - started) / 1e9;
    const peak = watchPeak(origin);
    try {
      const created = await createBugs(base);
      const bugId = await firstBugId(base);
      const keyedRead = await httpRequestsPerSecond(`${base}/bug/${bugId}?Bugzilla_api_key=${ADMIN.apiKey}`, CONNECTIONS, SECONDS);
      const fieldsSearch = await httpRequestsPerSecond(
        `${base}/bug?product=Embedded0&status=CONFIRMED&include_fields=id,summary,status&limit=50&Bugzilla_api_key=${ADMIN.apiKey}`,
        CONNECTIONS,
        SECONDS,
      );
      const fullSearch = await httpRequestsPerSecond(
        `${base}/bug?product=Embedded1&limit=50&Bugzilla_api_key=${ADMIN.apiKey}`,
        CONNECTIONS,
        SECONDS,
      );
      const after = await memoryWithWorkerOf(origin);
      const bugs = BUGS.toLocaleString('en-US');
      const measured = (name: string, value: number, unit: string): Measurement => ({ suite: 'embedded', name, value, unit });
      return [
        { suite: 'embedded', name: 'npm start: ready after build (catalog installed)', value: ready, unit: 's', atMost: READY_AT_MOST_S },
        measured(`POST /rest/bug, ${IN_FLIGHT} in flight, embedded`, created, 'bugs/s'),
        // the loads the memory is held to, so that a leaner process that got much slower shows
        measured(`GET /rest/bug/{id} with API key, ${CONNECTIONS} connections, embedded`, keyedRead, 'req/s'),
        measured(`search, 50 bugs, id,summary,status, ${CONNECTIONS} connections, embedded`, fieldsSearch, 'req/s'),
        measured(`search, 50 full bugs, ${CONNECTIONS} connections, embedded`, fullSearch, 'req/s'),
        {
          suite: 'embedded',
          name: `resident memory after ${bugs} bugs and the read and search loads`,
          value: after.resident,
          unit: 'MB',
          atMost: RSS_AT_MOST_MB,
        },
        measured(`resident memory, peak during ${bugs} bugs and the loads`, await peak.stop(), 'MB'),
        // where the resident memory is (docs/benchmarks.md, "Embedded memory, second round")
        measured('  of which: the main thread V8 heap (every service and the gateway)', after.mainHeap, 'MB'),
        measured("  of which: PGlite's WebAssembly memory (reserved; never shrinks)", after.wasm, 'MB'),
        measured("  of which: the PGlite worker's V8 heap (used)", after.workerHeap, 'MB'),
      ];
    } finally {
      await peak.stop();
    }
  } finally {
    await tracker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function untilInstalled(origin: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const product = await http(origin, '/rest/product?names=TestProduct&include_fields=name');
    if (product.status === 200 && product.json<{ products: unknown[] }>().products.length === 1) return;
  }
  throw new Error('the embedded tracker did not install its defaults within 60 s');
}

async function createBugs(base: string): Promise<number> {
  for (let p = 0; p < PRODUCTS; p++) {
    await call(base, 'POST', '/product', { name: `Embedded${p}`, description: 'Bench product', version: '1.0' }, 201);
    await call(
      base,
      'POST',
      '/component',
      { product: `Embedded${p}`, name: 'Main', description: 'Main', default_assignee: ADMIN.login },
      201,
    );
  }
  return ratePerSecond(BUGS, IN_FLIGHT, (i) =>
    call(base, 'POST', '/bug', {
      product: `Embedded${i % PRODUCTS}`,
      component: 'Main',
      version: '1.0',
      summary: `embedded bench bug ${i}`,
      description: `Created by the embedded bench, number ${i}.`,
    }),
  );
}

async function firstBugId(base: string): Promise<number> {
  const { bugs } = (await call(base, 'GET', '/bug?product=Embedded0&limit=1&include_fields=id')).json<{ bugs: Array<{ id: number }> }>();
  const id = bugs[0]?.id;
  if (id === undefined) throw new Error('the embedded bench created no bug');
  return id;
}

interface ProcessMemory {
  readonly resident: number;
  readonly mainHeap: number;
  readonly wasm: number;
  readonly workerHeap: number;
}

/** The process's memory in MB, from its own `/metrics`; the worker's parts NaN when it did not answer that scrape. */
async function memoryOf(origin: string): Promise<ProcessMemory> {
  const { text } = await http(origin, '/metrics');
  const megabytes = (pattern: RegExp): number => {
    const match = pattern.exec(text);
    return match?.[1] ? Number(match[1]) / 1e6 : Number.NaN;
  };
  const memory = {
    resident: megabytes(/^process_resident_memory_bytes (\d+)/m),
    mainHeap: megabytes(/^nodejs_heap_size_total_bytes (\d+)/m),
    wasm: megabytes(/^tracker_embedded_postgres_memory_bytes\{part="wasm"\} (\d+)/m),
    workerHeap: megabytes(/^tracker_embedded_postgres_memory_bytes\{part="heap"\} (\d+)/m),
  };
  if (Number.isNaN(memory.resident)) throw new Error('the standalone process reports no process_resident_memory_bytes');
  return memory;
}

/** As memoryOf, asked again (up to 10 s) while the PGlite worker is too busy to report its part within a scrape. */
async function memoryWithWorkerOf(origin: string): Promise<ProcessMemory> {
  let memory = await memoryOf(origin);
  for (let tries = 0; Number.isNaN(memory.wasm) && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    memory = await memoryOf(origin);
  }
  return memory;
}

/** The largest resident size seen, sampled every 500 ms until stopped. */
function watchPeak(origin: string): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(
        peak,
        await memoryOf(origin).then(
          (memory) => memory.resident,
          () => 0,
        ),
      );
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await sampling;
      return peak;
    },
  };
}
