import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what a full collection left alive before the next
 * one: here at most double (`--heap-growing-percent=100`). V8's own choice, up to four
 * times on a machine where collections are fast, kept 200-250 MB of garbage in the
 * standalone process after the embedded bench's loads (resident 490-520 MB against issue
 * 16's 500 MB). Doubling holds it near 400 MB (main heap ~140 MB) for 2-8% of the loads'
 * throughput (docs/benchmarks.md, "Embedded memory: the heap's growth"), so only on embedded
 * storage (PGlite, in this process): on a PostgreSQL server the process holds no database and
 * stayed near 300 MB with V8's default. Set here, not in
 * `npm start`'s command line, because NODE_OPTIONS may not carry it and the standalone
 * image starts this file directly; V8 reads it at each collection, so setting it at
 * start-up takes effect.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=100');
}
