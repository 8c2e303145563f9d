import type { ClientBase } from 'pg';
import type { GlobalPosition, RecordedEvent } from '../event-store.port';
import { COLUMNS, type EventRow, toRecordedEvent } from '../postgres-event-store.rows';
import { quoteIdent } from '../postgres-event-store.schema';
import type { Checkpoint } from './checkpoint-verifier';

/**
 * The PostgreSQL event store's tables as an auditor reads them: events exactly as stored
 * (never upcast: the hashes cover the stored shape), the revision each stream says it
 * reached, and where the hash chain began. Reads only; it creates and migrates nothing.
 */
export class PostgresAuditLog {
  constructor(
    private readonly client: ClientBase,
    private readonly schema = 'eventstore',
  ) {}

  /** The first position that must carry a hash; events below it were stored before the chain existed. */
  async chainedSince(): Promise<GlobalPosition> {
    const { rows } = await this.client.query<{ since: string }>(
      `SELECT since_position::text AS since FROM ${this.table('audit_chain')} LIMIT 1`,
    );
    return BigInt(rows[0]?.since ?? '1');
  }

  /** The events of the whole log, or of the named streams, in pages in log order. */
  async *pages(streamNames?: readonly string[], pageSize = 1000): AsyncGenerator<RecordedEvent[]> {
    for (let after = 0n; ;) {
      const { rows } = await this.client.query<EventRow>(
        `SELECT ${COLUMNS} FROM ${this.table('events')}
         WHERE position > $1 AND ($2::text[] IS NULL OR stream_name = ANY($2::text[]))
         ORDER BY position LIMIT $3`,
        [after.toString(), streamNames ? [...streamNames] : null, pageSize],
      );
      const events = rows.map(toRecordedEvent);
      const last = events.at(-1);
      if (!last) return;
      yield events;
      after = last.position;
    }
  }

  /** Every event of the named streams, in log order. */
  async read(streamNames: readonly string[]): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const page of this.pages(streamNames)) events.push(...page);
    return events;
  }

  /** The revision each stream (of the named ones, or all) reached, as the append function recorded it. */
  async streamRevisions(streamNames?: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.client.query<{ stream_name: string; revision: string }>(
      `SELECT stream_name, revision FROM ${this.table('streams')} WHERE $1::text[] IS NULL OR stream_name = ANY($1::text[])`,
      [streamNames ? [...streamNames] : null],
    );
    return new Map(rows.map((row) => [row.stream_name, Number(row.revision)]));
  }

  /** Positions the append function wrote without a hash after the chain began (a process of the release before it). */
  async unchainedPositions(): Promise<Set<GlobalPosition>> {
    const { rows } = await this.client.query<{ position: string }>(`SELECT position::text FROM ${this.table('audit_unchained')}`);
    return new Set(rows.map((row) => BigInt(row.position)));
  }

  /** The checkpoints of the global log, oldest first. */
  async checkpoints(): Promise<Checkpoint[]> {
    const { rows } = await this.client.query<{
      position: string;
      after_position: string;
      events: number;
      previous_hash: string;
      hash: string;
    }>(`SELECT position, after_position, events, previous_hash, hash FROM ${this.table('audit_checkpoints')} ORDER BY position`);
    return rows.map((row) => ({
      position: BigInt(row.position),
      afterPosition: BigInt(row.after_position),
      events: row.events,
      previousHash: row.previous_hash,
      hash: row.hash,
    }));
  }

  private table(name: string): string {
    return `${quoteIdent(this.schema)}.${quoteIdent(name)}`;
  }
}
