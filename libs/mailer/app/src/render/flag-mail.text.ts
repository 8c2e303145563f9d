import type { FlagChange } from '@tracker/contracts';
import { flagSummary } from '@tracker/contracts';
import type { BugMailChange, FlagMailItem, FlagMailRecipient } from '@tracker/mailer/domain';
import { commentText } from './bug-mail.text';

/** Bugzilla's flag mail words: what happened to the flag. */
function action(change: FlagChange): string {
  if (change.after === null) return 'canceled';
  if (change.after.status === '?') return 'requested';
  return change.after.status === '+' ? 'granted' : 'not granted';
}

/** `review requested: [Bug N] summary` (`: [Attachment M]` for an attachment's flag), after the first flag of the mail. */
export function flagMailSubject(bugId: number, summary: string, mail: FlagMailRecipient): string {
  const first = mail.flags[0];
  const type = (first?.change.after ?? first?.change.before)?.type.name ?? 'flag';
  const attachment = first?.attachment ? ` : [Attachment ${first.attachment.id}]` : '';
  return `${type} ${first ? action(first.change) : 'changed'}: [Bug ${bugId}] ${summary}${attachment}`;
}

export function flagMailText(change: BugMailChange, summary: string, mail: FlagMailRecipient): string {
  const lines = mail.flags.map((item) => flagLine(change, item));
  const comments = mail.comments.map((comment) => commentText(comment, change));
  return `${[`Bug ${change.bugId}: ${summary}`, lines.join('\n'), ...comments].join('\n\n')}\n`;
}

function flagLine(change: BugMailChange, item: FlagMailItem): string {
  const flag = item.change.after ?? item.change.before;
  const target = item.attachment ? `attachment ${item.attachment.id}` : `bug ${change.bugId}`;
  const shown = item.change.after ? flagSummary(item.change.after) : `${flag?.type.name ?? 'flag'} (cleared)`;
  return `${change.changer.login} has ${action(item.change)} ${shown} on ${target} (${item.reasons.join(', ')}).`;
}
