import type { BugMailChange, FlagMailRecipient } from '@tracker/mailer/domain';
import type { RenderedMail } from './bug-mail.render';
import { flagMailHtmlTemplate, flagMailTextTemplate } from './flag-mail.templates';
import { flagAction, flagMailView } from './flag-mail.view';

/** `review requested: [Bug N] summary` (`: [Attachment M]` for an attachment's flag), after the first flag of the mail. */
export function flagMailSubject(bugId: number, summary: string, mail: FlagMailRecipient): string {
  const first = mail.flags[0];
  const type = (first?.change.after ?? first?.change.before)?.type.name ?? 'flag';
  const attachment = first?.attachment ? ` : [Attachment ${first.attachment.id}]` : '';
  return `${type} ${first ? flagAction(first.change) : 'changed'}: [Bug ${bugId}] ${summary}${attachment}`;
}

/** The bodies of a flag mail, from what the recipient may read only. */
export function renderFlagMail(change: BugMailChange, summary: string, mail: FlagMailRecipient): RenderedMail {
  const view = flagMailView(change, summary, mail);
  return { text: flagMailTextTemplate(view), html: flagMailHtmlTemplate(view) };
}
