import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { FLAGS_OPTIONS, type FlagsOptions } from '../flags.options';
import { FlagTypeReconciler } from './flag-type-reconciler';

/**
 * Finishes reconciliations left pending (a crash or a failed call part-way, docs/flags.md
 * §2.5): once soon after start, then every TRACKER_FLAG_RECONCILE_INTERVAL_SECONDS; one run
 * at a time. Running twice is harmless: a reconciled bug decides nothing.
 */
@Injectable()
export class FlagTypeReconcileTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FlagTypeReconcileTimer.name);
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly reconciler: FlagTypeReconciler,
    @Inject(FLAGS_OPTIONS) private readonly options: FlagsOptions,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.options.reconcileIntervalSeconds * 1000;
    // the first run waits a little: the read model and the other services are still starting
    const first = setTimeout(() => this.run(), Math.min(interval, 5_000));
    const every = setInterval(() => this.run(), interval);
    this.timers = [first, every];
    for (const timer of this.timers) timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await this.running;
  }

  private run(): void {
    this.running ??= this.reconciler
      .reconcilePending(`flag-reconcile-${randomUUID()}`)
      .then((reconciled) => {
        if (reconciled.length > 0) this.logger.log(`reconciled flag types ${reconciled.join(', ')}`);
      })
      .catch((error: unknown) => this.logger.warn(`flag type reconciliation failed: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }
}
