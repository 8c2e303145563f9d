import { Logger } from '@nestjs/common';
import { type EventStore, type GlobalPosition, type RecordedEvent, START, type Subscription } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import type { Projection } from './projection';

interface Waiter {
  readonly position: GlobalPosition;
  readonly resolve: () => void;
}

/**
 * Keeps one projection up to date: subscribes after its checkpoint, applies each batch
 * and moves the checkpoint in the same transaction (the checkpoint row is locked, so
 * two replicas never apply a batch twice), retries after a failure, and lets command
 * handlers wait until their own events are visible (read-your-writes).
 */
export class ProjectionRunner {
  private readonly logger: Logger;
  private position: GlobalPosition = START;
  private subscription: Subscription | undefined;
  private waiters: Waiter[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly schema: string,
    readonly projection: Projection,
  ) {
    this.logger = new Logger(`Projection ${projection.name}`);
  }

  get checkpoint(): GlobalPosition {
    return this.position;
  }

  private get checkpoints(): string {
    return `"${this.schema}".projection_checkpoints`;
  }

  handles(streamName: string): boolean {
    return this.projection.streamPrefixes.some((prefix) => streamName.startsWith(prefix));
  }

  async start(): Promise<void> {
    this.running = true;
    await this.dataSource.query(
      `INSERT INTO ${this.checkpoints} (name, position) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING`,
      [this.projection.name],
    );
    const rows: Array<{ position: string }> = await this.dataSource.query(
      `SELECT position FROM ${this.checkpoints} WHERE name = $1`,
      [this.projection.name],
    );
    this.advance(BigInt(rows[0]?.position ?? '0'));
    this.subscription = this.store.subscribeToAll({
      after: this.position,
      streamPrefixes: this.projection.streamPrefixes,
      onEvents: (events) => this.applyBatch(events),
      onError: (error) => this.restartLater(error),
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
  }

  /** Resolves once every event up to `position` of the streams this projection handles is applied. */
  waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        resolve(false);
      }, timeoutMs);
      const entry: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.waiters.push(entry);
    });
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    const reached = await this.dataSource.transaction(async (manager) => {
      const rows: Array<{ position: string }> = await manager.query(
        `SELECT position FROM ${this.checkpoints} WHERE name = $1 FOR UPDATE`,
        [this.projection.name],
      );
      const checkpoint = BigInt(rows[0]?.position ?? '0');
      const fresh = events.filter((event) => event.position > checkpoint);
      if (fresh.length === 0) return checkpoint;
      await this.projection.apply(fresh, manager);
      await manager.query(`UPDATE ${this.checkpoints} SET position = $2 WHERE name = $1`, [
        this.projection.name,
        last.position.toString(),
      ]);
      return last.position;
    });
    this.advance(reached);
  }

  private advance(position: GlobalPosition): void {
    if (position <= this.position) return;
    this.position = position;
    const due = this.waiters.filter((waiter) => waiter.position <= position);
    if (due.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of due) waiter.resolve();
  }

  private restartLater(error: unknown): void {
    this.logger.error(`stopped: ${error instanceof Error ? error.stack : String(error)}; retrying in 1 s`);
    this.subscription = undefined;
    if (!this.running) return;
    this.retryTimer = setTimeout(() => {
      if (!this.running) return;
      this.start().catch((e: unknown) => this.restartLater(e));
    }, 1000);
  }
}
