import type { BugMailChange, BugMailRecipient } from '@tracker/mailer/domain';
import { bugMailHtmlTemplate, bugMailTextTemplate } from './bug-mail.templates';
import { bugMailView } from './bug-mail.view';

/** A mail's two bodies: the plain text and its HTML alternative, rendered from the same view. */
export interface RenderedMail {
  readonly text: string;
  readonly html: string;
}

/** `[Bug N] New: summary` for a new bug (Bugzilla's bugmail_new_prefix), `[Bug N] summary` after. */
export function bugMailSubject(bugId: number, summary: string, isNew: boolean): string {
  return `[Bug ${bugId}] ${isNew ? 'New: ' : ''}${summary}`;
}

/** The bodies of a bug mail, from what the recipient may read only. */
export function renderBugMail(change: BugMailChange, summary: string, mail: BugMailRecipient): RenderedMail {
  const view = bugMailView(change, [`Bug ${change.bugId}: ${summary}`], mail.content, mail.reasons, mail.watching.reasons);
  return { text: bugMailTextTemplate(view), html: bugMailHtmlTemplate(view) };
}

/** A dep_changed mail to a bug that depends on the changed one: Bugzilla's "which changed state" heading, then the state's rows. */
export function renderDepChangedMail(
  change: BugMailChange,
  blockerSummary: string,
  blockedId: number,
  mail: BugMailRecipient,
): RenderedMail {
  const heading = [
    `Bug ${blockedId} depends on bug ${change.bugId}, which changed state.`,
    `Bug ${change.bugId} Summary: ${blockerSummary}`,
  ];
  const view = bugMailView(change, heading, mail.content, mail.reasons, mail.watching.reasons);
  return { text: bugMailTextTemplate(view), html: bugMailHtmlTemplate(view) };
}
