import { projectionLagEvents, projectionLagSeconds } from './tracker-metrics';

/**
 * How far a projection is behind the event store, measured when /metrics is read (so an
 * idle process does no work for it). A read model registers each of its projections while
 * they run; `lag` is asked at each scrape and must stay cheap (a bounded read).
 */
export interface ProjectionLag {
  /** events not yet applied, counted up to a cap */
  readonly events: number;
  /** age of the oldest of them, 0 when there is none */
  readonly seconds: number;
}

export interface ProjectionLagSource {
  readonly service: string;
  readonly projection: string;
  lag(): Promise<ProjectionLag>;
}

const sources = new Set<ProjectionLagSource>();

/** Reports the source's lag at every scrape until the returned function is called. */
export function trackProjectionLag(source: ProjectionLagSource): () => void {
  sources.add(source);
  return () => {
    sources.delete(source);
    const labels = { service: source.service, projection: source.projection };
    projectionLagEvents.remove(labels);
    projectionLagSeconds.remove(labels);
  };
}

/** Refreshes both gauges; called by the registry before each scrape. */
export async function collectProjectionLag(): Promise<void> {
  await Promise.all(
    [...sources].map(async (source) => {
      const labels = { service: source.service, projection: source.projection };
      try {
        const { events, seconds } = await source.lag();
        projectionLagEvents.set(labels, events);
        projectionLagSeconds.set(labels, seconds);
      } catch {
        // a store that cannot be read now: the metric disappears rather than lies
        projectionLagEvents.remove(labels);
        projectionLagSeconds.remove(labels);
      }
    }),
  );
}

/** Each running projection's lag now (read at once from every source), for a readiness check; a source that cannot be read gives its error. */
export function projectionLags(): Promise<
  Array<{ readonly projection: string; readonly lag: ProjectionLag | { readonly error: string } }>
> {
  return Promise.all(
    [...sources].map(async (source) => ({
      projection: `${source.service}/${source.projection}`,
      lag: await source.lag().catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) })),
    })),
  );
}
