import type { ClientBase } from 'pg';
import { readProjectionStatus } from './projection-status';

/**
 * Measures a rebuild from outside, on the database: the events of its projections' streams
 * still ahead of the shadow's checkpoints, their fall per second and the time left at
 * that pace. One query at a time on the CLI's connection (a poll still running is not repeated).
 */
export class ShadowProgressMeter {
  private readonly started = Date.now();
  private first: number | undefined;
  private running: Promise<string | undefined> = Promise.resolve(undefined);
  private busy = false;

  constructor(
    private readonly client: ClientBase,
    private readonly service: string,
  ) {}

  /** The progress line now, or undefined while there is no shadow yet or a poll is running. */
  line(): Promise<string | undefined> {
    if (this.busy) return Promise.resolve(undefined);
    this.busy = true;
    this.running = this.measure().finally(() => (this.busy = false));
    return this.running;
  }

  /** Waits for a poll still running, so that the connection is free. */
  async settled(): Promise<void> {
    await this.running.catch(() => undefined);
  }

  private async measure(): Promise<string | undefined> {
    const shadow = `${this.service}_shadow`;
    const projections = (await readProjectionStatus(this.client)).filter((status) => status.schema === shadow);
    if (projections.length === 0) return undefined;
    const left = projections.reduce((sum, status) => sum + status.lagEvents, 0);
    this.first ??= left;
    const done = Math.max(this.first - left, 0);
    const perSecond = done / Math.max((Date.now() - this.started) / 1000, 0.001);
    const eta = perSecond > 0 ? `${Math.ceil(left / perSecond)} s` : '?';
    return `rebuild ${this.service}: ${done} events applied, ${left} to go, ${Math.round(perSecond)} events/s, ETA ${eta}`;
  }
}
