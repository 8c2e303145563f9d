import { canSeeBug, type DomainError, type FlagAttachmentFacts, type FlagBugFacts } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import type { FlagTypeFacts, FlagUser } from './decide-flags.command';
import { canSetFlag } from './flag-permissions';

/** Who the flag is asked of, where: the bug as it will be, the attachment if the flag is on one. */
export interface RequesteeTarget {
  readonly bugId: number;
  readonly bug: FlagBugFacts;
  readonly attachment: FlagAttachmentFacts | null;
  readonly insiderGroup: string;
}

/**
 * Asking a new requestee (Bugzilla's _check_requestee, docs/flags.md §3.5), in order: the
 * type lets one ask a specific person (131), the account is enabled, the user can see the
 * bug as it will be after the change (groups, or reporter / CC / assignee / QA contact as
 * the bug allows), is an insider when the attachment is private, and may set the flag
 * (32000 each). Asking oneself is allowed.
 */
export function checkRequestee(requestee: FlagUser, type: FlagTypeFacts, target: RequesteeTarget): DomainError | undefined {
  const who = identity(requestee);
  const attachmentId = target.attachment?.id ?? null;
  if (!type.isRequesteeble) return FlagsErrors.flagNotRequesteeble(type.name);
  if (!requestee.enabled) return FlagsErrors.requesteeDisabled(who);
  if (!canSeeBug({ user: { id: requestee.id }, groupIds: requestee.groupIds }, target.bug))
    return FlagsErrors.requesteeCannotSeeBug(who, type.name, target.bugId, attachmentId);
  if (target.attachment?.isPrivate && !requestee.insider)
    return FlagsErrors.requesteeCannotSeeAttachment(who, type.name, target.bugId, target.attachment.id, target.insiderGroup);
  if (!canSetFlag(type, requestee.groupIds)) return FlagsErrors.requesteeCannotSet(who, type.name, type.grantGroup?.name ?? '');
  return undefined;
}

/** Bugzilla's User->identity: `Real Name <login>`, or the login when there is no real name. */
export function identity(user: Pick<FlagUser, 'login' | 'realName'>): string {
  return user.realName.trim() === '' ? user.login : `${user.realName} <${user.login}>`;
}
