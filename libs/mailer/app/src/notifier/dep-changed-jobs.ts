import { type BugMailChange, type BugMailFacts, decideDepChangedRecipients, type MailFacts, recipientKey } from '@tracker/mailer/domain';
import { bugMailSubject, renderDepChangedMail } from '../render/bug-mail.render';
import { threadingHeaders } from '../render/mail-threading';
import { bugMailHeaders, mailReasons } from './bug-mail-headers';
import type { MailJob } from './mail-jobs';

/**
 * The dep_changed mails of one change (docs/mail.md §1): for each bug the changed bug blocks
 * (`blocked`, its facts as the notifier knows them now), one mail per recipient the domain
 * keeps, in that bug's thread. Job id `<change id>:dep<blocked id>:<recipient key>`, so a
 * re-run of the change queues none twice.
 */
export function depChangedJobs(
  change: BugMailChange,
  facts: MailFacts,
  blocked: ReadonlyMap<number, BugMailFacts>,
  from: string,
): MailJob[] {
  return [...blocked].flatMap(([blockedId, blockedFacts]) =>
    decideDepChangedRecipients(change, facts.bug, { ...facts, bug: blockedFacts }).map((mail): MailJob => {
      const key = recipientKey({ userId: mail.user.id, address: mail.user.email });
      const reasons = mailReasons(mail);
      const headers = { ...bugMailHeaders(mail), ...threadingHeaders(blockedId, key, `${change.changeId}-dep`, false, from) };
      const message = {
        to: [mail.user.email],
        from,
        subject: bugMailSubject(blockedId, blockedFacts.summary, false),
        ...renderDepChangedMail(change, facts.bug.summary, blockedId, mail),
        headers,
      };
      return {
        jobId: `${change.changeId}:dep${blockedId}:${key}`,
        changeId: change.changeId,
        bugId: blockedId,
        recipient: mail.user.email,
        kind: 'dep',
        reasons,
        message,
      };
    }),
  );
}
