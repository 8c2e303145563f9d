import type { GlobalPosition, RecordedEvent } from '../event-store.port';
import { type ChainBreak, type ChainSummary, ChainVerifier } from './chain-verifier';
import { type Checkpoint, CheckpointVerifier } from './checkpoint-verifier';

/** What an audited store offers the verifier (PostgresAuditLog is one). */
export interface AuditedLog {
  chainedSince(): Promise<GlobalPosition>;
  pages(streamNames?: readonly string[]): AsyncIterable<readonly RecordedEvent[]>;
  streamRevisions(streamNames?: readonly string[]): Promise<ReadonlyMap<string, number>>;
  checkpoints(): Promise<readonly Checkpoint[]>;
  /** positions at or after chainedSince that the store itself wrote without a hash (a release before the chain, during a rolling upgrade) */
  unchainedPositions(): Promise<ReadonlySet<GlobalPosition>>;
}

interface Verified extends ChainSummary {
  readonly chainedSince: GlobalPosition;
  /** checkpoints of the global log found matching (none when only some streams were walked) */
  readonly checkpoints: number;
}

export type VerifyReport = ({ readonly ok: true } & Verified) | ({ readonly ok: false; readonly broken: ChainBreak } & Verified);

/**
 * Walks the whole log (or the named streams) in log order and stops at the first broken
 * link; then checks that each stream still ends where the store says it does (a deleted
 * newest event leaves no later event to notice the gap). A walk of the whole log also
 * recomputes the checkpoints.
 */
export async function verifyLog(log: AuditedLog, streamNames?: readonly string[]): Promise<VerifyReport> {
  const chainedSince = await log.chainedSince();
  const verifier = new ChainVerifier(chainedSince, await log.unchainedPositions());
  const seals = new CheckpointVerifier(streamNames ? [] : await log.checkpoints());
  const verified = (): Verified => ({ chainedSince, checkpoints: seals.verified, ...verifier.summary() });
  const broken = (found: ChainBreak): VerifyReport => ({ ok: false, broken: found, ...verified() });
  for await (const page of log.pages(streamNames)) {
    for (const event of page) {
      const found = verifier.check(event) ?? seals.check(event);
      if (found) return broken(found);
    }
  }
  const sealed = seals.finish();
  if (sealed) return broken(sealed);
  for (const [streamName, revision] of await log.streamRevisions(streamNames)) {
    const found = verifier.checkStreamEnd(streamName, revision);
    if (found) return broken(found);
  }
  return { ok: true, ...verified() };
}

const PROBLEMS: Record<ChainBreak['problem'], string> = {
  'missing-events': 'events are missing (deleted) before this one',
  unchained: 'the event carries no hash although it was stored after the chain began',
  'previous-hash': 'previousHash is not the hash of the stream previous event',
  hash: 'the hash does not match the event content (edited after it was written)',
  checkpoint: 'the events up to this checkpoint of the global log are not those it sealed (deleted, added or rewritten)',
};

/** The report as an operator reads it: one line when intact, the broken link named field by field otherwise. */
export function describeReport(report: VerifyReport): string {
  const counted =
    `${report.events} events in ${report.streams} streams, ${report.unchained} without a hash from before the chain (position ${report.chainedSince}) or an older release, ` +
    `${report.checkpoints} checkpoints`;
  if (report.ok) return `audit verify: intact: ${counted}\n`;
  const { broken } = report;
  return [
    `audit verify: BROKEN: ${PROBLEMS[broken.problem]}`,
    `  stream:   ${broken.streamName}`,
    `  revision: ${broken.revision < 0 ? '(none: a checkpoint)' : broken.revision}`,
    `  position: ${broken.position < 0n ? '(after the last stored event)' : broken.position.toString()}`,
    `  event:    ${broken.eventId || (broken.problem === 'checkpoint' ? '(none: a checkpoint)' : '(none: the stream newest events are gone)')}`,
    `  expected: ${broken.expected}`,
    `  found:    ${broken.found}`,
    `  checked before the break: ${counted}`,
    '',
  ].join('\n');
}
