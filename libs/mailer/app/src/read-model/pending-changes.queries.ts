import { schemaOf } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';
import type { BugMailFacts } from '@tracker/mailer/domain';
import type { PendingChange } from './pending-change';
import { storedBugFacts } from './stored-bug-facts';

/** What the dispatcher records of a queued mail: `queued_mails` is the ledger a replay is checked against. */
export interface QueuedMail {
  readonly jobId: string;
  readonly changeId: string;
  readonly bugId: number;
  readonly recipient: string;
  /** `dep`: a dep_changed mail, about `bugId` (the blocked bug), caused by a change of the bug it depends on */
  readonly kind: 'bug' | 'flag' | 'dep';
  readonly reasons: string;
}

/** The dispatcher's reads and writes of the notifier's tables. */
export class PendingChangesQueries {
  constructor(private readonly source: DataSource) {}

  private get s(): string {
    return schemaOf(this.source);
  }

  /** Changes that rested `settleMs` since their last event was recorded, oldest first. */
  async settled(settleMs: number, limit: number): Promise<PendingChange[]> {
    const rows: Array<{
      change_key: string;
      bug_id: number;
      events: PendingChange['events'];
      bug_facts: PendingChange['bugFacts'];
      field_values: PendingChange['fieldValues'];
    }> = await this.source.query(
      `SELECT change_key, bug_id, events, bug_facts, field_values FROM ${this.s}.pending_changes
         WHERE recorded_at <= now() - ($1::int * interval '1 millisecond')
         ORDER BY first_position LIMIT $2`,
      [settleMs, limit],
    );
    return rows.map((row) => ({
      changeKey: row.change_key,
      bugId: row.bug_id,
      events: row.events,
      bugFacts: storedBugFacts(row.bug_facts),
      fieldValues: row.field_values,
    }));
  }

  /** What the notifier knows now of these bugs (the bugs a changed bug blocks); an unknown bug is left out. */
  async bugFacts(bugIds: readonly number[]): Promise<Map<number, BugMailFacts>> {
    if (bugIds.length === 0) return new Map();
    const rows: Array<{ bug_id: number; facts: BugMailFacts }> = await this.source.query(
      `SELECT bug_id, facts FROM ${this.s}.bug_facts WHERE bug_id = ANY($1::int[]) ORDER BY bug_id`,
      [bugIds],
    );
    return new Map(rows.map((row) => [row.bug_id, storedBugFacts(row.facts)]));
  }

  async pendingCount(): Promise<number> {
    const rows: Array<{ count: string }> = await this.source.query(`SELECT count(*) AS count FROM ${this.s}.pending_changes`);
    return Number(rows[0]?.count ?? 0);
  }

  /** The job ids of these that were queued before (by an earlier run, or before a replay). */
  async alreadyQueued(jobIds: readonly string[]): Promise<Set<string>> {
    if (jobIds.length === 0) return new Set();
    const rows: Array<{ job_id: string }> = await this.source.query(
      `SELECT job_id FROM ${this.s}.queued_mails WHERE job_id = ANY($1::text[])`,
      [jobIds],
    );
    return new Set(rows.map((row) => row.job_id));
  }

  /**
   * Records what was queued for these changes and forgets them, in one statement (so one
   * transaction and one round trip): a crash before it re-runs the changes, never half of it.
   */
  async settle(changeKeys: readonly string[], mails: readonly QueuedMail[]): Promise<void> {
    await this.source.query(
      `WITH queued AS (
         INSERT INTO ${this.s}.queued_mails (job_id, change_id, bug_id, recipient, kind, reasons)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[])
         ON CONFLICT (job_id) DO NOTHING
       )
       DELETE FROM ${this.s}.pending_changes WHERE change_key = ANY($7::text[])`,
      [
        mails.map((mail) => mail.jobId),
        mails.map((mail) => mail.changeId),
        mails.map((mail) => mail.bugId),
        mails.map((mail) => mail.recipient),
        mails.map((mail) => mail.kind),
        mails.map((mail) => mail.reasons),
        changeKeys,
      ],
    );
  }

  async queued(bugId: number): Promise<QueuedMail[]> {
    const rows: Array<{ job_id: string; change_id: string; bug_id: number; recipient: string; kind: QueuedMail['kind']; reasons: string }> =
      await this.source.query(
        `SELECT job_id, change_id, bug_id, recipient, kind, reasons FROM ${this.s}.queued_mails WHERE bug_id = $1 ORDER BY queued_at, job_id`,
        [bugId],
      );
    return rows.map((row) => ({
      jobId: row.job_id,
      changeId: row.change_id,
      bugId: row.bug_id,
      recipient: row.recipient,
      kind: row.kind,
      reasons: row.reasons,
    }));
  }
}
