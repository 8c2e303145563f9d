import type { ConnectionStates, ServiceReadiness } from '@tracker/platform/messaging';
import { projectionLags } from '@tracker/platform/metrics';

/** What GET /readyz of a service answers: 200 when `ready`, else 503 with the reasons. */
export interface ReadinessReport {
  readonly ready: boolean;
  readonly reasons: readonly string[];
}

/** What the service's application provides once it is built (both optional: a service without a read model has none). */
export interface ReadinessSources {
  readonly readiness?: ServiceReadiness;
  readonly connections?: ConnectionStates;
}

/**
 * Whether this service process can do its work, for its readiness probe. Not ready:
 * - until `started` (its migrations ran while its module was built, its projections and
 *   its NATS subscription started);
 * - while a projection is stopped at an event it cannot apply, or a connection is down
 *   (the same facts as its NATS health message);
 * - while a projection lags more than `maxLagEvents` events behind the log (a replica
 *   replaying a long log, or a projection that cannot keep up).
 * Liveness is not this: none of these is cured by restarting the process.
 */
export class ProcessReadiness {
  private sources: ReadinessSources | undefined;
  private stopped = false;

  constructor(private readonly maxLagEvents: number) {}

  started(sources: ReadinessSources): void {
    this.sources = sources;
  }

  /** From SIGTERM on: not ready, so that no new work is routed to a process on its way out. */
  stopping(): void {
    this.stopped = true;
  }

  async report(): Promise<ReadinessReport> {
    if (this.stopped) return { ready: false, reasons: ['shutting down'] };
    const sources = this.sources;
    if (!sources) return { ready: false, reasons: ['starting: migrations, projections and the NATS subscription are not up yet'] };
    const state = sources.readiness?.readiness();
    const reasons = [
      ...(state?.problems ?? []).map(
        (stopped) =>
          `projection ${stopped.projection} stopped at ${stopped.event_type} of ${stopped.stream} (position ${stopped.position}): ${stopped.error}`,
      ),
      ...(sources.connections?.problems() ?? []).map((down) => `connection ${down.connection} down since ${down.since}: ${down.error}`),
      ...(await this.lagging()),
    ];
    // a read model may say it is not ready without naming a stopped projection
    if (state?.ready === false && reasons.length === 0) reasons.push('its read model reports it is not ready');
    return { ready: reasons.length === 0, reasons };
  }

  private async lagging(): Promise<string[]> {
    return (await projectionLags()).flatMap(({ projection, lag }) => {
      if ('error' in lag) return [`projection ${projection}: its lag cannot be read (${lag.error})`];
      return lag.events > this.maxLagEvents
        ? [`projection ${projection} is ${lag.events} events behind the log (more than TRACKER_READY_MAX_LAG_EVENTS=${this.maxLagEvents})`]
        : [];
    });
  }
}
