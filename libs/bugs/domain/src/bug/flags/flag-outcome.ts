import {
  DomainError,
  type FlagDecisionRequest,
  type FlagDecisionResult,
  type FlagInput,
  type FlagInputGroup,
  type FlagsChanged,
  type UserRef,
} from '@tracker/contracts';
import { accessFactsOf } from '../bug-access';
import { sortList } from '../bug-lists';
import type { ExistingBug } from '../bug.state';
import { refuse } from '../refusal';

/**
 * What the flags service decided for one bug of a create or update (`flags.decide`,
 * docs/bug-stream-writes.md §2.2), carried by the bug's command: the refusal, placed after
 * every field check of the bug (Bugzilla validates flags last), or the FlagsChanged events to
 * append after the bug's own and the requestees who join its CC list.
 */
export type FlagOutcome = FlagDecisionResult;
export type AcceptedFlags = Extract<FlagOutcome, { ok: true }>;

/** Throws the flag refusal; answers the accepted outcome (null when no flags were decided). */
export function requireFlagOutcome(outcome: FlagOutcome | undefined): AcceptedFlags | null {
  if (outcome === undefined) return null;
  if (!outcome.ok) refuse(new DomainError(outcome.error));
  return outcome;
}

/** The CC list with the newly asked requestees (Bugzilla's requestee_cc), sorted as stored. */
export function ccWithRequestees(cc: readonly UserRef[], accepted: AcceptedFlags | null): UserRef[] {
  const added = (accepted?.ccToAdd ?? []).filter((user) => !cc.some((current) => current.id === user.id));
  return added.length === 0 ? [...cc] : sortList('cc', [...cc, ...added]);
}

export function flagEvents(accepted: AcceptedFlags | null): FlagsChanged[] {
  return (accepted?.events ?? []).map((data) => ({ type: 'FlagsChanged', data }));
}

/** The input group of a bug's own `flags` (bug create and update; `bug_flags` of attachments), none when empty. */
export function bugFlagGroups(flags: readonly FlagInput[]): FlagInputGroup[] {
  return flags.length > 0 ? [{ attachmentId: null, flags, restrictToOwnFlags: false, otherChanges: true }] : [];
}

/**
 * What bugs tells flags about one bug (§2.2): the bug as it will be after the change (before
 * requestees join its CC list), its attachments after the change (new ones and those made
 * obsolete now marked), its current flags, the caller's input groups in Bugzilla's order.
 */
export function flagDecisionRequest(
  before: ExistingBug | null,
  after: ExistingBug,
  inputs: readonly FlagInputGroup[],
): FlagDecisionRequest {
  const moved =
    before !== null && (before.fields.product.id !== after.fields.product.id || before.fields.component.id !== after.fields.component.id);
  return {
    bugId: after.bugId,
    bug: { ...accessFactsOf(after), productId: after.fields.product.id, componentId: after.fields.component.id, moved },
    attachments: after.attachments.map((attachment) => {
      const was = before?.attachments.find((candidate) => candidate.attachmentId === attachment.attachmentId);
      return {
        id: attachment.attachmentId,
        creatorId: attachment.creatorId,
        isPrivate: attachment.isPrivate,
        isObsolete: attachment.isObsolete,
        becameObsolete: attachment.isObsolete && was !== undefined && !was.isObsolete,
        isNew: was === undefined,
      };
    }),
    currentFlags: before?.flags ?? [],
    inputs,
    mode: 'change',
  };
}

/**
 * A change needs the flag decision when it carries flags, moves a bug that has flags, or
 * makes obsolete an attachment with pending requests (they are cancelled).
 */
export function needsFlagDecision(request: FlagDecisionRequest): boolean {
  const obsoleted = new Set(request.attachments.filter((attachment) => attachment.becameObsolete).map((attachment) => attachment.id));
  return (
    request.inputs.length > 0 ||
    (request.bug.moved && request.currentFlags.length > 0) ||
    request.currentFlags.some((flag) => flag.status === '?' && flag.attachmentId !== null && obsoleted.has(flag.attachmentId))
  );
}
