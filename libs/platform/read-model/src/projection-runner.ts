import { Logger } from '@nestjs/common';
import type { ReadinessProblem } from '@tracker/contracts';
import { type EventStore, type GlobalPosition, type RecordedEvent, START, type Subscription } from '@tracker/platform/event-store';
import { isTransientDatabaseError } from '@tracker/platform/sql';
import type { DataSource } from 'typeorm';
import { applyBatchOnce } from './apply-batch';
import { CheckpointWentBackError } from './checkpoint-went-back';
import { StoredCheckpoint } from './stored-checkpoint';
import { PositionWaiters } from './position-waiters';
import type { Projection } from './projection';
import { projectionProblem } from './projection-problem';
import { skippedEventIds } from './projection-skips';

/** A projection stopped at an event it cannot apply; waits for that event or later ones fail with it. */
export class ProjectionHaltedError extends Error {
  constructor(readonly problem: ReadinessProblem) {
    super(`projection ${problem.projection} stopped at event ${problem.position}`);
    this.name = 'ProjectionHaltedError';
  }
}

export interface ProjectionRunnerOptions {
  /** how often a stopped projection looks for its repair (a recorded skip, or another replica past the event) */
  readonly repairCheckMs?: number;
}

/**
 * Waits before trying again after a failure to reach the database (a restart, a lost
 * connection), at most 2 s: the service's writes wait for their projections, so every
 * second a projection sleeps after the database is back is a second of stalled writes
 * (with 5 s, a database back just after a retry kept them stalled 5 s more: issue 17's
 * fault test missed its 10 s under load); an attempt against a database still away costs
 * one refused connection.
 */
const RETRY_DELAYS_MS = [500, 1000, 2000];
/** A single event that fails is tried this often before the projection stops at it. */
const ATTEMPTS_PER_EVENT = 3;
/** How often a projection that commits asynchronously looks whether its checkpoint is below its floor (StoredCheckpoint). */
const FLOOR_CHECK_MS = 1000;

/**
 * Keeps one projection up to date: subscribes after its checkpoint, applies each batch
 * and moves the checkpoint in the same transaction (the checkpoint row is locked, so two
 * replicas never apply a batch twice), and lets command handlers wait until their own
 * events are visible (read-your-writes).
 *
 * Failures to reach the database are retried. An event the projection cannot apply (it
 * fails alone, again and again) stops the projection just before it: everything earlier
 * is applied and served, the problem is reported once, waits for it or later events fail
 * at once, and the runner looks for a repair (docs/operations.md) every few seconds.
 */
export class ProjectionRunner {
  private readonly logger: Logger;
  private position: GlobalPosition = START;
  private subscription: Subscription | undefined;
  private readonly waiters = new PositionWaiters();
  private retryTimer: NodeJS.Timeout | undefined;
  private repairTimer: NodeJS.Timeout | undefined;
  private running = false;
  private failuresInARow = 0;
  private halt: { readonly problem: ReadinessProblem; readonly position: GlobalPosition } | undefined;
  private skipped = new Set<string>();
  private applied = 0;
  private readonly stored: StoredCheckpoint;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly schema: string,
    readonly projection: Projection,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.logger = new Logger(`Projection ${projection.name}`);
    this.stored = new StoredCheckpoint(dataSource, this.checkpoints, projection.name, this.logger);
  }

  get checkpoint(): GlobalPosition {
    return this.position;
  }

  /** Events applied to the read model since this runner was made (skipped and already applied ones not counted). */
  get eventsApplied(): number {
    return this.applied;
  }

  /** Why the projection stopped, while it is stopped. */
  get problem(): ReadinessProblem | undefined {
    return this.halt?.problem;
  }

  private get checkpoints(): string {
    return `"${this.schema}".projection_checkpoints`;
  }

  handles(streamName: string): boolean {
    return this.projection.streamPrefixes.some((prefix) => streamName.startsWith(prefix));
  }

  async start(): Promise<void> {
    this.running = true;
    await this.stored.register(this.projection.streamPrefixes);
    await this.subscribe();
    const watching = (): boolean => this.subscription !== undefined && !this.halt;
    if (this.projection.asynchronousCommit) this.stored.watchFloor(FLOOR_CHECK_MS, watching, (cause) => this.endSubscription(cause));
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.retryTimer);
    clearTimeout(this.repairTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
    // after the subscription: no batch comes after this
    await this.stored.stop();
  }

  /**
   * Resolves true once every event up to `position` of the streams this projection handles
   * is applied, false after `timeoutMs`; fails with ProjectionHaltedError when the
   * projection stopped at or before `position`.
   */
  waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    if (this.halt && position >= this.halt.position) return Promise.reject(new ProjectionHaltedError(this.halt.problem));
    return this.waiters.wait(position, timeoutMs);
  }

  /** Looks for a repair of the stopped projection now, and resumes when there is one. */
  async checkRepair(): Promise<void> {
    clearTimeout(this.repairTimer);
    const halt = this.halt;
    if (!halt || !this.running) return;
    const skipped = await skippedEventIds(this.store, this.schema, this.projection.name);
    const checkpoint = await this.stored.current();
    if (!skipped.has(halt.problem.event_id) && checkpoint < halt.position) {
      this.repairTimer = setTimeout(() => void this.checkRepairQuietly(), this.options.repairCheckMs ?? 5000);
      return;
    }
    this.logger.log(
      `event ${halt.problem.position} ${skipped.has(halt.problem.event_id) ? 'is to be skipped' : 'was applied by another replica'}; resuming`,
    );
    this.halt = undefined;
    await this.subscribe();
  }

  private async checkRepairQuietly(): Promise<void> {
    try {
      await this.checkRepair();
    } catch (error) {
      if (!this.running) return;
      this.logger.warn(`could not look for a repair: ${messageOf(error)}`);
      this.repairTimer = setTimeout(() => void this.checkRepairQuietly(), this.options.repairCheckMs ?? 5000);
    }
  }

  private async subscribe(): Promise<void> {
    const floor = this.stored.floor;
    const stored = await this.stored.adopt();
    // below where this runner left it (a database that lost commits, found at a resubscription): the events after it are
    // taken again, not those after the position held in memory
    if (stored < floor) this.position = stored;
    this.advance(stored);
    this.skipped = await skippedEventIds(this.store, this.schema, this.projection.name);
    this.subscription = this.store.subscribeToAll({
      after: this.position,
      streamPrefixes: this.projection.streamPrefixes,
      ...(this.projection.batchIntervalMs ? { batchIntervalMs: this.projection.batchIntervalMs } : {}),
      onEvents: (events) => this.applyBatch(events),
      // nothing of this projection's streams up to there is left unapplied: its position is there too
      onScanned: (position) => {
        if (!this.halt) this.advance(position);
      },
      onError: (error) => this.subscriptionEnded(error),
    });
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<void> {
    try {
      this.advance(await this.applyInTransaction(events));
    } catch (error) {
      if (isTransientDatabaseError(error) || error instanceof CheckpointWentBackError) throw error;
      // which event is it? apply them one by one: those before it are kept
      for (const event of events) await this.applyAlone(event);
    }
    this.failuresInARow = 0;
  }

  private async applyAlone(event: RecordedEvent): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.advance(await this.applyInTransaction([event]));
        return;
      } catch (error) {
        if (isTransientDatabaseError(error) || error instanceof CheckpointWentBackError) throw error;
        if (attempt < ATTEMPTS_PER_EVENT) continue;
        throw new ProjectionHaltedError(this.stopAt(event, error));
      }
    }
  }

  private async applyInTransaction(events: readonly RecordedEvent[]): Promise<GlobalPosition> {
    if (events.length === 0) return this.position;
    const batch = await applyBatchOnce(this.dataSource, this.schema, this.projection, events, this.skipped, this.stored.floor);
    this.applied += batch.applied;
    if (batch.stored) this.stored.movedTo(batch.checkpoint);
    else this.stored.storeLater(batch.checkpoint);
    return batch.checkpoint;
  }

  private stopAt(event: RecordedEvent, error: unknown): ReadinessProblem {
    const problem = projectionProblem(this.projection.name, event, error, new Date());
    this.halt = { problem, position: event.position };
    this.logger.error(
      `cannot apply event ${problem.position} (${problem.event_type} of ${problem.stream}, id ${problem.event_id}): ${problem.error}. ` +
        `The projection stops before it: what came earlier is served, the ${this.schema} service refuses changes ` +
        `until the event can be applied (a fixed release) or an administrator skips it (docs/operations.md).`,
    );
    this.waiters.failFrom(event.position, new ProjectionHaltedError(problem));
    this.repairTimer = setTimeout(() => void this.checkRepairQuietly(), this.options.repairCheckMs ?? 5000);
    return problem;
  }

  private advance(position: GlobalPosition): void {
    if (position <= this.position) return;
    this.position = position;
    this.waiters.reached(position);
  }

  /** Stops the subscription from outside, as if it had failed with `cause`. */
  private async endSubscription(cause: Error): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
    this.subscriptionEnded(cause);
  }

  private subscriptionEnded(error: unknown): void {
    this.subscription = undefined;
    if (error instanceof ProjectionHaltedError || !this.running) return;
    if (error instanceof CheckpointWentBackError) {
      // a database that lost its newest commits, or a read model put back: the events are taken again from the checkpoint,
      // and waits for positions above it go on until they are applied again
      this.logger.warn(`${error.message}; taking the events again from the stored checkpoint`);
      this.subscribe().catch((e: unknown) => this.subscriptionEnded(e));
      return;
    }
    this.failuresInARow += 1;
    const delayMs = RETRY_DELAYS_MS[Math.min(this.failuresInARow, RETRY_DELAYS_MS.length) - 1] ?? 2000;
    this.logger.warn(`stopped: ${messageOf(error)}; retrying in ${delayMs} ms`);
    this.retryTimer = setTimeout(() => {
      if (!this.running || this.halt) return;
      this.subscribe().catch((e: unknown) => this.subscriptionEnded(e));
    }, delayMs);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
