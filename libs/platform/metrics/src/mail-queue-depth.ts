import { mailQueueJobs } from './tracker-metrics';

/** The mail queue's jobs by state, as its adapter counts them. */
export interface MailQueueCounts {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly failed: number;
}

const sources = new Set<() => Promise<MailQueueCounts>>();
const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Reports the queue's depth at every scrape (counted then, so an idle process does no
 * work for it) until the returned function is called. A process that holds no mail queue
 * (the gateway, a service without mail) reports nothing.
 */
export function trackMailQueueDepth(count: () => Promise<MailQueueCounts>): () => void {
  sources.add(count);
  return () => {
    sources.delete(count);
    if (sources.size === 0) mailQueueJobs.reset();
  };
}

/** Refreshes the gauge; called before each scrape. */
export async function collectMailQueueDepth(): Promise<void> {
  const totals = { waiting: 0, active: 0, delayed: 0, failed: 0 };
  try {
    for (const counts of await Promise.all([...sources].map((count) => count()))) {
      for (const state of STATES) totals[state] += counts[state];
    }
  } catch {
    // a queue that cannot be counted now (Redis away): the metric disappears rather than lies
    mailQueueJobs.reset();
    return;
  }
  if (sources.size === 0) return;
  for (const state of STATES) mailQueueJobs.set({ state }, totals[state]);
}
