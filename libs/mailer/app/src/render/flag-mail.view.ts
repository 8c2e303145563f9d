import type { FlagChange } from '@tracker/contracts';
import { flagSummary } from '@tracker/contracts';
import type { BugMailChange, FlagMailItem, FlagMailRecipient } from '@tracker/mailer/domain';
import { type CommentView, commentView } from './bug-mail.view';

/** What a flag mail's templates fill in. */
export interface FlagMailView {
  readonly heading: string;
  /** one sentence per flag: `ann has requested review? on bug 42 (requestee).` */
  readonly lines: readonly string[];
  readonly comments: readonly CommentView[];
}

/** Bugzilla's flag mail words: what happened to the flag. */
export function flagAction(change: FlagChange): string {
  if (change.after === null) return 'canceled';
  if (change.after.status === '?') return 'requested';
  return change.after.status === '+' ? 'granted' : 'not granted';
}

export function flagMailView(change: BugMailChange, summary: string, mail: FlagMailRecipient): FlagMailView {
  return {
    heading: `Bug ${change.bugId}: ${summary}`,
    lines: mail.flags.map((item) => flagLine(change, item)),
    comments: mail.comments.map((comment) => commentView(comment, change)),
  };
}

function flagLine(change: BugMailChange, item: FlagMailItem): string {
  const flag = item.change.after ?? item.change.before;
  const target = item.attachment ? `attachment ${item.attachment.id}` : `bug ${change.bugId}`;
  const shown = item.change.after ? flagSummary(item.change.after) : `${flag?.type.name ?? 'flag'} (cleared)`;
  return `${change.changer.login} has ${flagAction(item.change)} ${shown} on ${target} (${item.reasons.join(', ')}).`;
}
