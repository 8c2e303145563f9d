import { createHash } from 'node:crypto';
import type { GlobalPosition, RecordedEvent } from '../event-store.port';
import type { ChainBreak } from './chain-verifier';
import { GENESIS_HASH } from './event-hash';

/** A seal over the hashes of the global log's events in (afterPosition, position] (postgres-checkpoints.schema.ts). */
export interface Checkpoint {
  readonly position: GlobalPosition;
  readonly afterPosition: GlobalPosition;
  readonly events: number;
  readonly previousHash: string;
  readonly hash: string;
}

export function checkpointHash(previousHash: string, position: GlobalPosition, eventHashes: readonly string[]): string {
  const text = `[${JSON.stringify(previousHash)},${position.toString()},[${eventHashes.map((hash) => JSON.stringify(hash)).join(',')}]]`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Recomputes each checkpoint from the events of the whole log, read in position order:
 * it catches what the streams' own chains cannot, a stream's newest events deleted along
 * with its revision, or a stream rewritten with a freshly computed chain.
 */
export class CheckpointVerifier {
  private next = 0;
  private hashes: string[] = [];
  private previousHash = GENESIS_HASH;

  constructor(private readonly checkpoints: readonly Checkpoint[]) {}

  /** Feed every event of the log in order; returns a break when the event closes a range that does not match its seal. */
  check(event: RecordedEvent): ChainBreak | undefined {
    const found = this.sealUpTo(event.position - 1n);
    const checkpoint = this.checkpoints[this.next];
    if (!found && event.metadata.hash !== undefined && checkpoint && event.position > checkpoint.afterPosition) {
      this.hashes.push(event.metadata.hash);
    }
    return found;
  }

  /** After the last event: every checkpoint left must match the (possibly fewer) events that remain. */
  finish(): ChainBreak | undefined {
    return this.sealUpTo(1n << 130n); // beyond any position, EventStoreDB's packed pairs included
  }

  get verified(): number {
    return this.next;
  }

  private sealUpTo(position: GlobalPosition): ChainBreak | undefined {
    for (
      let checkpoint = this.checkpoints[this.next];
      checkpoint && checkpoint.position <= position;
      checkpoint = this.checkpoints[this.next]
    ) {
      const expected = checkpointHash(this.previousHash, checkpoint.position, this.hashes);
      const chained = checkpoint.previousHash === this.previousHash;
      if (!chained || checkpoint.hash !== expected) {
        return {
          streamName: '(global log checkpoint)',
          revision: -1,
          position: checkpoint.position,
          eventId: '',
          problem: 'checkpoint',
          expected: chained ? expected : `previous checkpoint ${this.previousHash}`,
          found: chained ? checkpoint.hash : checkpoint.previousHash,
        };
      }
      this.previousHash = checkpoint.hash;
      this.hashes = [];
      this.next += 1;
    }
    return undefined;
  }
}
