import type { GlobalPosition, RecordedEvent, SubscribeOptions, Subscription } from './event-store.port';
import { START } from './event-store.port';
import type { KnownAppends } from './known-appends';
import type { WakeSignal } from './wake-signal';

/** One page of the global log and how far the read looked, matching or not. */
export interface LogPage {
  readonly events: RecordedEvent[];
  /** every event up to here has been considered; the next read may start after it */
  readonly scannedUpTo: GlobalPosition;
}

export type PageReader = (after: GlobalPosition, maxCount: number, streamPrefixes: readonly string[] | undefined) => Promise<LogPage>;

/**
 * Catch-up-then-live over a pollable log: reads pages until the log is exhausted, then
 * sleeps until an append is signalled (or the poll interval passes) and reads again.
 * Each batch is handed over only after the previous one was processed. Woken by appends
 * that `known` accounts for (this process's own, up to the newest announced), it takes
 * their events of its streams from there instead of reading them back; woken by the poll
 * interval, or after a missed announcement, it reads.
 */
export class PollingSubscription implements Subscription {
  private stopped = false;
  private readonly finished: Promise<void>;
  /** ends the wait of batchIntervalMs at once */
  private endInterval: (() => void) | undefined;

  constructor(
    private readonly readPage: PageReader,
    private readonly signal: WakeSignal,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly known?: KnownAppends,
  ) {
    this.finished = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.signal.notify();
    this.endInterval?.();
    await this.finished;
  }

  private async run(): Promise<void> {
    let after = this.options.after ?? START;
    const batchSize = this.options.batchSize ?? 1000;
    // the first turn reads (catching up); later ones only when what woke them is not accounted for
    let mustRead = true;
    let blindWakes = this.known?.blindWakes ?? 0;
    try {
      while (!this.stopped) {
        const generation = this.signal.generation;
        const readAt = Date.now();
        const known = mustRead || this.known?.blindWakes !== blindWakes ? undefined : this.known.tailAfter(after, this.follows);
        if (known === undefined || known.events.length > batchSize) {
          blindWakes = this.known?.blindWakes ?? 0;
          const page = await this.readPage(after, batchSize, this.options.streamPrefixes);
          if (this.stopped) return;
          if (page.events.length > 0) await this.options.onEvents(page.events);
          const last = page.events.at(-1);
          const full = page.events.length === batchSize;
          after = full && last ? last.position : maxPosition(after, page.scannedUpTo);
          if (full) continue;
        } else {
          if (known.events.length > 0) await this.options.onEvents(known.events);
          if (this.stopped) return;
          after = maxPosition(after, known.upTo);
        }
        this.options.onScanned?.(after);
        await this.signal.wait(generation, this.pollIntervalMs);
        // the poll interval passed without a signal: read, whatever is known
        mustRead = this.signal.generation === generation;
        await this.restOfInterval(readAt);
      }
    } catch (error) {
      this.stopped = true;
      (this.options.onError ?? reportUnhandled)(error);
    }
  }

  private readonly follows = (streamName: string): boolean =>
    this.options.streamPrefixes === undefined || this.options.streamPrefixes.some((prefix) => streamName.startsWith(prefix));

  /** What is left of batchIntervalMs since `started` (the last read); stopping ends it. */
  private restOfInterval(started: number): Promise<void> {
    const left = (this.options.batchIntervalMs ?? 0) - (Date.now() - started);
    if (left <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.endInterval?.(), left);
      this.endInterval = () => {
        clearTimeout(timer);
        this.endInterval = undefined;
        resolve();
      };
    });
  }
}

function maxPosition(a: GlobalPosition, b: GlobalPosition): GlobalPosition {
  return a > b ? a : b;
}

function reportUnhandled(error: unknown): void {
  console.error('event store subscription stopped:', error);
}
