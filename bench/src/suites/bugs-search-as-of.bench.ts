import { latencies } from '../measure';
import type { Measurement } from '../report';
import { call } from './bugs-http';

/** the most candidates a search as of an instant folds (MAX_AS_OF_CANDIDATES, docs/as-of.md) */
const CANDIDATES = 1000;
const SEARCHES = 10;

/**
 * GET /rest/bug?id=<1,000 generated bugs>&as_of= (issue 20, docs/as-of.md): a search as
 * of an instant at its bound, every candidate's stream read and folded, one search at a
 * time, p50 and p95, against the plain search of the same bugs. Generated bugs have one
 * event each: the figure is the cost per candidate, not per event (bugs-as-of.bench.ts).
 */
export async function searchAsOfLatencies(base: string): Promise<Measurement[]> {
  const ids = Array.from({ length: CANDIDATES }, (_, i) => 1_000_001 + i).join(',');
  const search = (asOf: string) => () => call(base, 'GET', `/bug?id=${ids}&include_fields=id,summary${asOf}`);
  const plain = await latencies(SEARCHES, search(''));
  const asOf = await latencies(SEARCHES, search('&as_of=2099-01-01T00:00:00Z'));
  console.info(`bench: search as_of over 1,000 candidates, p50 ${asOf.p50.toFixed(1)} ms, plain ${plain.p50.toFixed(1)} ms`);
  const name = 'GET /rest/bug?id=<1,000 bugs>, one at a time';
  return [
    { suite: 'bugs', name: `${name}, p50`, value: plain.p50, unit: 'ms' },
    { suite: 'bugs', name: `${name}, as_of (1,000 candidates folded), p50`, value: asOf.p50, unit: 'ms', baseline: `${name}, p50` },
    { suite: 'bugs', name: `${name}, as_of (1,000 candidates folded), p95`, value: asOf.p95, unit: 'ms' },
  ];
}
