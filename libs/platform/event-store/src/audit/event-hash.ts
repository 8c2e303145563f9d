import { createHash } from 'node:crypto';
import type { EventEnvelope, EventMetadata } from '@tracker/contracts';
import { canonicalJson } from './canonical-json';

/**
 * The hash chain of a stream (docs/audit.md). Each event's metadata carries
 * `hash = sha256(link)` and the `previousHash` it chains from, where
 *   link = JSON.stringify([previousHash, streamName, revision, contentHash])
 *   contentHash = sha256(canonicalJson({id, type, schemaVersion, data, metadata without hash/previousHash}))
 * The first event of a stream chains from GENESIS_HASH. The PostgreSQL adapter computes
 * the link inside its append function (eventstore.append) from the content hash given here.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** The event as it is hashed: everything a reader sees of it except its place in the log. */
export interface HashedContent extends EventEnvelope {
  readonly id: string;
}

export function contentHash(event: HashedContent): string {
  const { hash: _hash, previousHash: _previous, ...metadata } = event.metadata;
  return sha256Hex(canonicalJson({ id: event.id, type: event.type, schemaVersion: event.schemaVersion, data: event.data, metadata }));
}

export function linkHash(previousHash: string, streamName: string, revision: number, content: string): string {
  return sha256Hex(JSON.stringify([previousHash, streamName, revision, content]));
}

/** The metadata an event is stored with: its own, plus its place in the chain. */
export function chainedMetadata(metadata: EventMetadata, previousHash: string, hash: string): EventMetadata {
  return { ...metadata, hash, previousHash };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
