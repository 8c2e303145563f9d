import type { FlagChange } from '@tracker/contracts';
import { canSeeBug } from '@tracker/contracts';
import type { BugMailChange, MailAttachmentRef, MailComment } from '../change/bug-mail-change';
import type { GlobalMailEvent } from '../preferences/mail-events';
import { wantsGlobalMail } from '../preferences/mail-preferences';
import { type MailFacts, type MailUserFacts, recipientKey } from '../recipients/mail-facts';
import { visibleContent } from '../recipients/visible-content';

/** Why someone gets a flag mail: asked to answer, their request answered, on the type's cc list. */
export type FlagMailReason = 'requestee' | 'requester' | 'cc-list';

export interface FlagMailItem {
  readonly attachment: MailAttachmentRef | null;
  readonly change: FlagChange;
  readonly reasons: readonly FlagMailReason[];
}

/** One flag mail: to an account or a bare cc-list address (userId null). */
export interface FlagMailRecipient {
  readonly userId: number | null;
  readonly address: string;
  readonly flags: readonly FlagMailItem[];
  /** the comments of the same change this recipient may read */
  readonly comments: readonly MailComment[];
}

interface Candidate {
  readonly userId: number | null;
  readonly address: string;
  readonly user: MailUserFacts | null;
  readonly items: Map<FlagChange, ItemDraft>;
}

interface ItemDraft {
  readonly attachment: MailAttachmentRef | null;
  readonly reasons: FlagMailReason[];
}

/**
 * Bugzilla's Flag::notify for one change (reference §11.3, docs/flags.md §8): the new
 * requestee (event `flag-requested`), the requester of an answered or cleared request
 * (`requested-flag-answered`), and every address of the type's cc list; then skipped when
 * their mail is disabled, they cannot see the bug, or the attachment is private and they are
 * no insider. A cc-list address without an account is mailed only for a bug in no group
 * and no private attachment. One mail per recipient, ordered by address.
 */
export function decideFlagRecipients(change: BugMailChange, facts: MailFacts): FlagMailRecipient[] {
  const byAddress = new Map([...facts.users.values()].map((user) => [user.email.toLowerCase(), user]));
  const account = (userId: number): Who | null => {
    const user = facts.users.get(userId);
    return user ? { user, address: user.email } : null;
  };
  const candidates = new Map<string, Candidate>();
  for (const target of change.flags) {
    for (const flagChange of target.changes) {
      const { before, after } = flagChange;
      const flag = { attachment: target.attachment, change: flagChange };
      if (after?.requestee && after.requestee.id !== before?.requestee?.id)
        addCandidate(candidates, account(after.requestee.id), flag, 'requestee');
      if (before?.status === '?' && (after === null || after.status !== '?'))
        addCandidate(candidates, account(before.setter.id), flag, 'requester');
      for (const address of (after ?? before)?.type.ccList ?? []) {
        addCandidate(candidates, { user: byAddress.get(address.toLowerCase()) ?? null, address }, flag, 'cc-list');
      }
    }
  }
  return [...candidates.values()]
    .map((candidate) => recipientOf(candidate, change, facts))
    .filter((recipient): recipient is FlagMailRecipient => recipient !== null)
    .sort((a, b) => a.address.localeCompare(b.address));
}

/** An account, or a bare address of a cc list (user null). */
interface Who {
  readonly user: MailUserFacts | null;
  readonly address: string;
}

function addCandidate(
  candidates: Map<string, Candidate>,
  who: Who | null,
  flag: { readonly attachment: MailAttachmentRef | null; readonly change: FlagChange },
  reason: FlagMailReason,
): void {
  if (who === null) return;
  const key = recipientKey({ userId: who.user?.id ?? null, address: who.address });
  const candidate: Candidate = candidates.get(key) ?? {
    userId: who.user?.id ?? null,
    address: who.user?.email ?? who.address,
    user: who.user,
    items: new Map<FlagChange, ItemDraft>(),
  };
  const item: ItemDraft = candidate.items.get(flag.change) ?? { attachment: flag.attachment, reasons: [] };
  if (!item.reasons.includes(reason)) item.reasons.push(reason);
  candidate.items.set(flag.change, item);
  candidates.set(key, candidate);
}

const WANTED: Readonly<Record<FlagMailReason, GlobalMailEvent | null>> = {
  requestee: 'flag-requested',
  requester: 'requested-flag-answered',
  'cc-list': null,
};

function recipientOf(candidate: Candidate, change: BugMailChange, facts: MailFacts): FlagMailRecipient | null {
  const { user } = candidate;
  const flags: FlagMailItem[] = [];
  for (const [flagChange, item] of candidate.items) {
    const reasons = item.reasons.filter((reason) => {
      const event = WANTED[reason];
      return event === null || (user !== null && wantsGlobalMail(user.preferences, event));
    });
    if (reasons.length === 0 || !mayRead(user, item.attachment, facts)) continue;
    flags.push({ attachment: item.attachment, change: flagChange, reasons });
  }
  if (flags.length === 0) return null;
  const reader = user ?? { isInsider: false, isTimeTracker: false };
  return { userId: candidate.userId, address: candidate.address, flags, comments: visibleContent(change, reader).comments };
}

function mayRead(user: MailUserFacts | null, attachment: MailAttachmentRef | null, facts: MailFacts): boolean {
  if (user === null) return facts.bug.access.groupIds.length === 0 && attachment?.isPrivate !== true;
  if (!user.emailEnabled || !canSeeBug({ user, groupIds: user.groupIds }, facts.bug.access)) return false;
  return attachment?.isPrivate !== true || user.isInsider;
}
