import type { EventStore, GlobalPosition } from '@tracker/platform/event-store';
import type { DataSource } from 'typeorm';
import type { Projection } from './projection';
import { skippedEventIds } from './projection-skips';
import { schemaOf } from './schema';

/** How far a rebuild has come, after each page it applied (`tracker projections rebuild` prints it). */
export interface RebuildProgress {
  readonly service: string;
  readonly projection: string;
  /** events applied to the shadow by this run (a resumed run counts from where it resumed) */
  readonly applied: number;
  /** the shadow's checkpoint, and the head of the projection's streams when this pass began */
  readonly position: GlobalPosition;
  readonly head: GlobalPosition;
  readonly eventsPerSecond: number;
  /** seconds left at this pace, by position; undefined before anything was applied */
  readonly etaSeconds: number | undefined;
}

/** A page as large as the rebuild measurements in DESIGN.md §8 (fold per stream, one write per page). */
const PAGE_SIZE = 1000;

/**
 * Replays the log into a shadow read model, page by page, each page and the shadow's own
 * checkpoint in one transaction: killed at any moment, a rerun continues from the last
 * page committed. Skips what the service's skip log says, as the live projection does.
 * An event a projection cannot apply fails the replay (the live read model is untouched).
 */
export class ShadowReplay {
  private readonly started = Date.now();
  private applied = 0;

  constructor(
    private readonly store: EventStore,
    private readonly shadow: DataSource,
    private readonly service: string,
    private readonly projections: readonly Projection[],
    private readonly onProgress: (progress: RebuildProgress) => void,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  /** Applies every event of the log as it is now; call it again to take the events appended meanwhile. */
  async run(): Promise<void> {
    for (const projection of this.projections) await this.replay(projection);
  }

  private async replay(projection: Projection): Promise<void> {
    const checkpoints = `${schemaOf(this.shadow)}.projection_checkpoints`;
    await this.shadow.query(
      `INSERT INTO ${checkpoints} (name, position, stream_prefixes) VALUES ($1, 0, $2) ON CONFLICT (name) DO NOTHING`,
      [projection.name, [...projection.streamPrefixes]],
    );
    const skipped = await skippedEventIds(this.store, this.service, projection.name);
    const head = await this.store.lastPosition(projection.streamPrefixes);
    let position = await this.checkpointOf(projection.name);
    const from = position;
    while (position < head) {
      const page = await this.store.readAll({ after: position, streamPrefixes: projection.streamPrefixes, maxCount: this.pageSize });
      const last = page.at(-1);
      if (!last) break;
      await this.shadow.transaction(async (manager) => {
        const applicable = page.filter((event) => !skipped.has(event.id));
        if (applicable.length > 0) await projection.apply(applicable, manager);
        await manager.query(`UPDATE ${checkpoints} SET position = $2 WHERE name = $1`, [projection.name, last.position.toString()]);
      });
      position = last.position;
      this.applied += page.length;
      this.onProgress(this.progress(projection.name, from, position, head));
    }
  }

  private async checkpointOf(name: string): Promise<GlobalPosition> {
    const rows: Array<{ position: string }> = await this.shadow.query(
      `SELECT position FROM ${schemaOf(this.shadow)}.projection_checkpoints WHERE name = $1`,
      [name],
    );
    return BigInt(rows[0]?.position ?? '0');
  }

  private progress(projection: string, from: GlobalPosition, position: GlobalPosition, head: GlobalPosition): RebuildProgress {
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const done = Number(position - from) / Math.max(Number(head - from), 1);
    const etaSeconds = done > 0 ? Math.round((seconds * (1 - Math.min(done, 1))) / done) : undefined;
    return {
      service: this.service,
      projection,
      applied: this.applied,
      position,
      head,
      eventsPerSecond: Math.round(this.applied / seconds),
      etaSeconds,
    };
  }
}
