import type { RecordedEvent } from '../event-store.port';
import { canonicalJson } from './canonical-json';

/**
 * One event as an auditor receives it: who, when, under which request, and its link in
 * the hash chain, with the stored data and metadata whole so that the hashes can be
 * recomputed offline (docs/audit.md). Positions are strings: EventStoreDB's exceed 2^53.
 */
export interface AuditRecord {
  readonly position: string;
  readonly stream: string;
  readonly revision: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly actor: number | null;
  readonly occurredAt: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly previousHash: string | null;
  readonly hash: string | null;
  readonly data: unknown;
  /** as stored, hash and previousHash included */
  readonly metadata: RecordedEvent['metadata'];
}

export function auditRecord(event: RecordedEvent): AuditRecord {
  const { actor, occurredAt, correlationId, causationId, hash, previousHash } = event.metadata;
  return {
    position: event.position.toString(),
    stream: event.streamName,
    revision: event.revision,
    eventId: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    actor,
    occurredAt,
    correlationId,
    causationId,
    previousHash: previousHash ?? null,
    hash: hash ?? null,
    data: event.data,
    metadata: event.metadata,
  };
}

/** One JSON object per line, in the order given. */
export function toJsonl(records: readonly AuditRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

const CSV_COLUMNS: readonly (keyof AuditRecord)[] = [
  'position',
  'stream',
  'revision',
  'eventId',
  'type',
  'schemaVersion',
  'actor',
  'occurredAt',
  'correlationId',
  'causationId',
  'previousHash',
  'hash',
  'data',
  'metadata',
];

/**
 * RFC 4180: a header row, CRLF line ends, a field quoted when it holds a comma, a quote,
 * CR or LF (its quotes doubled). data and metadata are canonical JSON (docs/audit.md); an
 * absent value (a system actor, an event from before the chain) is an empty field. Cells
 * are written verbatim, never altered against spreadsheet formulas: that would break the
 * hashes; import the file as text.
 */
export function toCsv(records: readonly AuditRecord[]): string {
  const rows = records.map((record) => CSV_COLUMNS.map((column) => csvField(cellText(record[column]))));
  return [CSV_COLUMNS.map(csvField), ...rows].map((row) => `${row.join(',')}\r\n`).join('');
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return canonicalJson(value);
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
