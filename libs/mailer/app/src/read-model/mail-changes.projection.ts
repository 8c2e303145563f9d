import { BUG_STREAM_PREFIX, type BugEvent } from '@tracker/contracts';
import { type BugMailFacts, evolveBugMailFacts } from '@tracker/mailer/domain';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import { type Projection, schemaOf } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import type { StoredChangeEvent } from './pending-change';
import { storedBugFacts } from './stored-bug-facts';

interface ChangeDraft {
  readonly firstPosition: bigint;
  readonly bugId: number;
  readonly events: StoredChangeEvent[];
  bugFacts: BugMailFacts;
}

/**
 * The notifier's half that runs with the checkpoint (docs/mail.md §5): folds what it must
 * know of each bug and records each change (the events of one append: same stream, same
 * correlation id) in `pending_changes`, in the transaction that moves the checkpoint, so a
 * change is recorded exactly once. Nothing here asks another service: the dispatcher does,
 * outside any transaction. Changes older than the mailer's schema are history, not mailed.
 */
export class MailChangesProjection implements Projection {
  readonly name = 'mail-changes';
  readonly streamPrefixes = [BUG_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    const start: Array<{ mail_from: Date }> = await manager.query(`SELECT mail_from FROM ${s}.mail_start`);
    const mailFrom = start[0]?.mail_from.getTime() ?? 0;
    const facts = await knownFacts(manager, s, events);
    const changes = new Map<string, ChangeDraft>();
    for (const recorded of events) {
      const event = domainEvent<BugEvent>(recorded);
      const bugFacts = evolveBugMailFacts(facts.get(event.data.bugId) ?? null, event);
      if (!bugFacts) continue;
      facts.set(event.data.bugId, bugFacts);
      if (Date.parse(recorded.metadata.occurredAt) < mailFrom || event.type === 'CommentPrivacyChanged') continue;
      const key = `${recorded.streamName}/${recorded.metadata.correlationId}`;
      const draft = changes.get(key) ?? { firstPosition: recorded.position, bugId: event.data.bugId, events: [], bugFacts };
      draft.events.push({ id: recorded.id, type: event.type, data: event.data, occurredAt: recorded.metadata.occurredAt });
      draft.bugFacts = bugFacts;
      changes.set(key, draft);
    }
    for (const [bugId, bugFacts] of facts) {
      await manager.query(
        `INSERT INTO ${s}.bug_facts (bug_id, facts) VALUES ($1, $2) ON CONFLICT (bug_id) DO UPDATE SET facts = EXCLUDED.facts`,
        [bugId, JSON.stringify(bugFacts)],
      );
    }
    for (const [key, draft] of changes) {
      // an append split across two batches: the second half joins the first while it waits
      await manager.query(
        `INSERT INTO ${s}.pending_changes AS pending (change_key, first_position, bug_id, events, bug_facts)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (change_key) DO UPDATE
           SET events = pending.events || EXCLUDED.events, bug_facts = EXCLUDED.bug_facts, recorded_at = now()`,
        [key, draft.firstPosition.toString(), draft.bugId, JSON.stringify(draft.events), JSON.stringify(draft.bugFacts)],
      );
    }
  }
}

async function knownFacts(manager: EntityManager, s: string, events: readonly RecordedEvent[]): Promise<Map<number, BugMailFacts>> {
  const bugIds = [...new Set(events.map((recorded) => domainEvent<BugEvent>(recorded).data.bugId))];
  const rows: Array<{ bug_id: number; facts: BugMailFacts }> = await manager.query(
    `SELECT bug_id, facts FROM ${s}.bug_facts WHERE bug_id = ANY($1::int[])`,
    [bugIds],
  );
  return new Map(rows.map((row) => [row.bug_id, storedBugFacts(row.facts)]));
}
