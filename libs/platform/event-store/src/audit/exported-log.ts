import type { GlobalPosition, RecordedEvent } from '../event-store.port';
import type { AuditRecord } from './audit-export';
import type { Checkpoint } from './checkpoint-verifier';
import type { AuditedLog } from './verify-log';

/**
 * An export (`tracker audit export --format jsonl`) as a log to verify offline, with no
 * database: each stream's chain is checked from its first event. An export has no
 * checkpoints and no stream revisions; events without a hash are accepted only below
 * the first hashed position of the file (a log from before the chain).
 */
export class ExportedLog implements AuditedLog {
  private readonly events: readonly RecordedEvent[];

  constructor(records: readonly AuditRecord[]) {
    this.events = records
      .map((record) => ({
        id: record.eventId,
        streamName: record.stream,
        revision: record.revision,
        position: BigInt(record.position),
        type: record.type,
        schemaVersion: record.schemaVersion,
        data: record.data,
        metadata: record.metadata,
      }))
      .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  }

  /** Parses JSONL, one record a line; throws naming the line that is not a record. */
  static parse(jsonl: string): ExportedLog {
    const lines = jsonl.split('\n').filter((line) => line.trim() !== '');
    return new ExportedLog(
      lines.map((line, index) => {
        const record = JSON.parse(line) as Partial<AuditRecord> | null;
        if (!record || typeof record.position !== 'string' || typeof record.stream !== 'string' || !record.metadata) {
          throw new Error(`line ${index + 1} is not an audit export record`);
        }
        return record as AuditRecord;
      }),
    );
  }

  chainedSince(): Promise<GlobalPosition> {
    const hashed = this.events.find((event) => event.metadata.hash !== undefined);
    return Promise.resolve(hashed?.position ?? 1n << 130n);
  }

  async *pages(): AsyncGenerator<readonly RecordedEvent[]> {
    await Promise.resolve();
    yield this.events;
  }

  streamRevisions(): Promise<ReadonlyMap<string, number>> {
    return Promise.resolve(new Map());
  }

  unchainedPositions(): Promise<ReadonlySet<GlobalPosition>> {
    return Promise.resolve(new Set());
  }

  checkpoints(): Promise<readonly Checkpoint[]> {
    return Promise.resolve([]);
  }
}
