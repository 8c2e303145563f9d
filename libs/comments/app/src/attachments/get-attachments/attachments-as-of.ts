import { AttachmentErrors, type AttachmentAsOf, type BugAccessEntry, formatDateTime } from '@tracker/contracts';
import type { AttachmentRow } from '../../read-model/attachment.queries';

/**
 * Attachment metadata as it was at an instant (`as_of`, docs/as-of.md), from what the bugs
 * service folded out of each visible bug's stream: which attachments existed then, their
 * changeable fields and last change then. File name, creator, size and bytes never change,
 * so they come from the read model. Privacy by the rules of now: an attachment private now
 * or then shows only to insiders and its creator.
 */
export class AttachmentsAsOf {
  private constructor(private readonly then: ReadonlyMap<number, AttachmentAsOf>) {}

  static of(entries: readonly BugAccessEntry[]): AttachmentsAsOf {
    return new AttachmentsAsOf(new Map(entries.flatMap((entry) => (entry.attachmentsAsOf ?? []).map((a) => [a.attachmentId, a] as const))));
  }

  /** The rows that existed then, as they were; those the caller may not read (`mayRead` of the row now) left out. */
  rows(rows: readonly AttachmentRow[], mayRead: (row: AttachmentRow) => boolean): AttachmentRow[] {
    return rows.flatMap((row) => {
      const then = this.asOf(row);
      return then && mayRead(row) && mayRead(then) ? [then] : [];
    });
  }

  /** As `rows`, for attachments asked for by id: one the caller may not read now or then is 304; those not there yet are left out. */
  requireReadable(rows: readonly AttachmentRow[], mayRead: (row: AttachmentRow) => boolean): AttachmentRow[] {
    const secret = rows.find((row) => {
      const then = this.asOf(row);
      return !mayRead(row) || (then !== null && !mayRead(then));
    });
    if (secret) throw AttachmentErrors.accessDenied(secret.id);
    return this.rows(rows, mayRead);
  }

  private asOf(row: AttachmentRow): AttachmentRow | null {
    const then = this.then.get(row.id);
    if (!then) return null;
    const { fileName, summary, contentType, isPatch, isPrivate, isObsolete } = then;
    return { ...row, fileName, summary, contentType, isPatch, isPrivate, isObsolete, lastChangeTime: formatDateTime(then.lastChangeTime) };
  }
}
