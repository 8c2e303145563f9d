import type { Logger } from '@nestjs/common';
import { type GlobalPosition, START } from '@tracker/platform/event-store';
import { isTransientDatabaseError } from '@tracker/platform/sql';
import type { DataSource } from 'typeorm';
import { CheckpointWentBackError } from './checkpoint-went-back';

/** How soon the checkpoint is stored past batches the projection had nothing to write for (AppliedBatch.stored). */
const UNWRITTEN_STORE_MS = 1000;

/**
 * A projection's stored checkpoint as one runner knows it: the floor, where the runner last
 * found or left it, and its move past batches the projection had nothing to write for,
 * stored a moment later rather than by a statement beside every write's reply. Replicas
 * only ever move a checkpoint on, so one found below the floor means the database lost
 * commits (`Projection.asynchronousCommit` and a crash) or the read model was put back.
 */
export class StoredCheckpoint {
  private floorPosition: GlobalPosition = START;
  /** applied past here without a write, not stored yet */
  private unstored: GlobalPosition | undefined;
  private storeTimer: NodeJS.Timeout | undefined;
  private floorTimer: NodeJS.Timeout | undefined;
  /** the watch under way: a stop ends it, and a watch begun after a restart replaces it */
  private floorWatch: object | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly table: string,
    private readonly projection: string,
    private readonly logger: Logger,
  ) {}

  get floor(): GlobalPosition {
    return this.floorPosition;
  }

  /** The checkpoint's row, made at the first start (at 0); `streamPrefixes` kept beside it for `tracker projections status`. */
  async register(streamPrefixes: readonly string[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.table} (name, position, stream_prefixes) VALUES ($1, 0, $2)
       ON CONFLICT (name) DO UPDATE SET stream_prefixes = EXCLUDED.stream_prefixes
       WHERE ${this.table}.stream_prefixes IS DISTINCT FROM EXCLUDED.stream_prefixes`,
      [this.projection, [...streamPrefixes]],
    );
  }

  /** The checkpoint as stored now. */
  async current(): Promise<GlobalPosition> {
    const rows: Array<{ position: string }> = await this.dataSource.query(`SELECT position FROM ${this.table} WHERE name = $1`, [
      this.projection,
    ]);
    return BigInt(rows[0]?.position ?? '0');
  }

  /** The stored checkpoint, which the runner takes up from: it becomes the floor, and a move not stored yet is forgotten. */
  async adopt(): Promise<GlobalPosition> {
    this.stopped = false;
    const position = await this.current();
    this.floorPosition = position;
    this.unstored = undefined;
    return position;
  }

  /**
   * Looks every `everyMs`, while `active()`, whether the stored checkpoint went below the
   * floor, with no batch of the runner's own to find out (after a database crash the
   * newest commits may be gone while nothing new arrives), and tells `onBelow`.
   */
  watchFloor(everyMs: number, active: () => boolean, onBelow: (cause: CheckpointWentBackError) => Promise<void>): void {
    const look = async (): Promise<void> => {
      if (!active()) return;
      // the floor is taken before the read: a batch committed meanwhile raises it only to what the read sees
      const floor = this.floorPosition;
      try {
        const found = await this.current();
        if (found < floor && active()) await onBelow(new CheckpointWentBackError(this.projection, found, floor));
      } catch (error) {
        // the database is away: the next look, or the projection's own failure, tells
        if (!isTransientDatabaseError(error)) this.logger.warn(`could not look at the checkpoint: ${(error as Error).message}`);
      }
    };
    const watch = {};
    this.floorWatch = watch;
    const next = (): void => {
      if (this.floorWatch !== watch) return;
      this.floorTimer = setTimeout(() => void look().finally(next), everyMs);
      this.floorTimer.unref();
    };
    next();
  }

  /** A batch's own statement stored it at `position`. */
  movedTo(position: GlobalPosition): void {
    if (position > this.floorPosition) this.floorPosition = position;
  }

  /** Batches with nothing written were applied up to `position`: stored within UNWRITTEN_STORE_MS. */
  storeLater(position: GlobalPosition): void {
    this.unstored = position;
    if (this.stopped) return;
    this.storeTimer ??= setTimeout(() => {
      this.storeTimer = undefined;
      void this.storeUnwritten();
    }, UNWRITTEN_STORE_MS);
    this.storeTimer.unref();
  }

  /** Stops looking at the floor, and stores now what waits to be (when the runner stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.floorWatch = undefined;
    clearTimeout(this.floorTimer);
    clearTimeout(this.storeTimer);
    this.storeTimer = undefined;
    await this.storeUnwritten();
  }

  /**
   * Moves the stored checkpoint past the batches applied without a write: never back (another
   * replica may be further), and never from below the floor, which would pass over commits
   * the database lost (the runner's next batch or look finds those instead).
   */
  private async storeUnwritten(): Promise<void> {
    const position = this.unstored;
    if (position === undefined) return;
    this.unstored = undefined;
    try {
      await this.dataSource.query(`UPDATE ${this.table} SET position = $2 WHERE name = $1 AND position < $2 AND position >= $3`, [
        this.projection,
        position.toString(),
        this.floorPosition.toString(),
      ]);
      this.movedTo(position);
    } catch (error) {
      // at worst a restart takes those batches again, and they write nothing
      this.storeLater(this.unstored ?? position);
      if (!isTransientDatabaseError(error)) this.logger.warn(`could not store the checkpoint: ${(error as Error).message}`);
    }
  }
}
