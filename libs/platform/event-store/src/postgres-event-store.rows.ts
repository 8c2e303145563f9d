import type { ExpectedRevision, RecordedEvent } from './event-store.port';

/** A row of the PostgreSQL event store's `events` table, as `pg` returns it. */
export interface EventRow {
  position: string;
  event_id: string;
  stream_name: string;
  revision: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

export const COLUMNS = 'position, event_id, stream_name, revision, type, schema_version, data, metadata';

/** The append function's `p_expected`: >= 0 an exact revision, -1 no stream, -2 any, -3 stream exists. */
export function encodeExpected(expected: ExpectedRevision): number {
  switch (expected) {
    case 'no_stream':
      return -1;
    case 'any':
      return -2;
    case 'stream_exists':
      return -3;
    default:
      if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${expected}`);
      return expected;
  }
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamName: row.stream_name,
    revision: Number(row.revision),
    position: BigInt(row.position),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
  };
}
