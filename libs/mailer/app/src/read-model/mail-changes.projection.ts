import { BUG_STREAM_PREFIX, type BugEvent } from '@tracker/contracts';
import { type BugMailFacts, evolveBugMailFacts, type MailFieldValues } from '@tracker/mailer/domain';
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
  /** the bug's field values before the change's first event in this batch */
  readonly fieldValues: MailFieldValues;
}

/**
 * The notifier's half that runs with the checkpoint (docs/mail.md §5): folds what it must
 * know of each bug and records each change (the events of one append: same stream, same
 * correlation id) in `pending_changes`, in the transaction that moves the checkpoint, so a
 * change is recorded exactly once. Nothing here asks another service: the dispatcher does,
 * outside any transaction. Changes older than the mailer's schema are history, not mailed.
 * A batch costs one read and two writes whatever its size: the mailer runs beside the
 * services on a busy tracker, and each round trip to PostgreSQL costs it CPU.
 */
export class MailChangesProjection implements Projection {
  readonly name = 'mail-changes';
  readonly streamPrefixes = [BUG_STREAM_PREFIX];
  /**
   * Nobody waits on it, and a change rests TRACKER_MAIL_SETTLE_MS before it is mailed anyway:
   * a busy tracker's changes gather into one transaction of seven statements, at most four a
   * second (docs/benchmarks.md: the mailer's CPU per update is the write path's loss).
   */
  readonly batchIntervalMs = 250;
  /** `mail_start` by schema: written once by the migration, never changed */
  private readonly mailFrom = new Map<string, number>();

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const s = schemaOf(manager.connection);
    const { mailFrom, facts } = await this.known(manager, s, events);
    const changes = new Map<string, ChangeDraft>();
    for (const recorded of events) {
      const event = domainEvent<BugEvent>(recorded);
      const before = facts.get(event.data.bugId) ?? null;
      const bugFacts = evolveBugMailFacts(before, event);
      if (!bugFacts) continue;
      facts.set(event.data.bugId, bugFacts);
      if (Date.parse(recorded.metadata.occurredAt) < mailFrom || event.type === 'CommentPrivacyChanged') continue;
      const key = `${recorded.streamName}/${recorded.metadata.correlationId}`;
      const draft = changes.get(key) ?? {
        firstPosition: recorded.position,
        bugId: event.data.bugId,
        events: [],
        bugFacts,
        fieldValues: before?.fieldValues ?? {},
      };
      draft.events.push({ id: recorded.id, type: event.type, data: event.data, occurredAt: recorded.metadata.occurredAt });
      draft.bugFacts = bugFacts;
      changes.set(key, draft);
    }
    if (facts.size > 0) {
      await manager.query(
        `INSERT INTO ${s}.bug_facts (bug_id, facts)
         SELECT (row->>'bugId')::int, row->'facts' FROM jsonb_array_elements($1::jsonb) AS row
         ON CONFLICT (bug_id) DO UPDATE SET facts = EXCLUDED.facts`,
        [JSON.stringify([...facts].map(([bugId, bugFacts]) => ({ bugId, facts: bugFacts })))],
      );
    }
    if (changes.size > 0) await recordChanges(manager, s, changes);
  }

  /** What the batch needs to know first, in one query: when mail starts (once per schema), the facts of its bugs. */
  private async known(
    manager: EntityManager,
    s: string,
    events: readonly RecordedEvent[],
  ): Promise<{ mailFrom: number; facts: Map<number, BugMailFacts> }> {
    const bugIds = [...new Set(events.map((recorded) => domainEvent<BugEvent>(recorded).data.bugId))];
    const cached = this.mailFrom.get(s);
    const rows: Array<{ bug_id: number | null; facts: BugMailFacts | null; mail_from: Date | null }> = await manager.query(
      `SELECT bug_id, facts, NULL::timestamptz AS mail_from FROM ${s}.bug_facts WHERE bug_id = ANY($1::int[])
       ${cached === undefined ? `UNION ALL SELECT NULL, NULL, mail_from FROM ${s}.mail_start` : ''}`,
      [bugIds],
    );
    const facts = new Map<number, BugMailFacts>();
    let mailFrom = cached;
    for (const row of rows) {
      if (row.mail_from) mailFrom = row.mail_from.getTime();
      else if (row.bug_id !== null && row.facts) facts.set(row.bug_id, storedBugFacts(row.facts));
    }
    if (mailFrom !== undefined) this.mailFrom.set(s, mailFrom);
    return { mailFrom: mailFrom ?? 0, facts };
  }
}

/**
 * One row per change, in one statement. An append split across two batches: the second
 * half joins the first while it waits, which keeps the values from before the first half.
 */
async function recordChanges(manager: EntityManager, s: string, changes: ReadonlyMap<string, ChangeDraft>): Promise<void> {
  const rows = [...changes].map(([key, draft]) => ({
    key,
    position: draft.firstPosition.toString(),
    bugId: draft.bugId,
    events: draft.events,
    bugFacts: draft.bugFacts,
    fieldValues: draft.fieldValues,
  }));
  await manager.query(
    `INSERT INTO ${s}.pending_changes AS pending (change_key, first_position, bug_id, events, bug_facts, field_values)
     SELECT row->>'key', (row->>'position')::bigint, (row->>'bugId')::int, row->'events', row->'bugFacts', row->'fieldValues'
     FROM jsonb_array_elements($1::jsonb) AS row
     ON CONFLICT (change_key) DO UPDATE
       SET events = pending.events || EXCLUDED.events, bug_facts = EXCLUDED.bug_facts, recorded_at = now()`,
    [JSON.stringify(rows)],
  );
}
