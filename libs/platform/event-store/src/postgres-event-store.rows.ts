import { randomUUID } from 'node:crypto';
import { contentHash } from './audit/event-hash';
import type { ExpectedRevision, NewEvent, RecordedEvent } from './event-store.port';

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

/**
 * An event as the append function takes it: with its id and the hash of its content (the
 * function chains it: hash over this, the stream, the revision and the previous hash).
 */
export function appendPayloadOf(event: NewEvent): NewEvent & { readonly id: string; readonly contentHash: string } {
  const content = {
    id: event.id ?? randomUUID(),
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
  };
  return { ...content, contentHash: contentHash(content) };
}
