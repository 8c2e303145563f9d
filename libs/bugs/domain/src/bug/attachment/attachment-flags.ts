import {
  type BugUpdated,
  DomainError,
  type FlagDecisionStage,
  type FlagInput,
  type FlagInputGroup,
  type UserRef,
} from '@tracker/contracts';
import { changesBetween } from '../bug-changes';
import { type ExistingBug, participantsOf } from '../bug.state';
import { type AcceptedFlags, bugFlagGroups, ccWithRequestees, type FlagOutcome } from '../flags/flag-outcome';
import { refuse } from '../refusal';
import type { AddAttachment } from './add-attachment.command';
import { canEditAttachment } from './attachment-rights';
import type { UpdateAttachments } from './update-attachments.command';

/** `flags` (of the attachment) and `bug_flags` (of its bug) as given on an attachment create or update. */
export interface AttachmentFlagInputs {
  readonly attachment: readonly FlagInput[];
  readonly bug: readonly FlagInput[];
}

/** A new attachment's input groups (docs/attachments.md §2 create, step 6): its own flags, then its bug's. */
export function addAttachmentFlagGroups(command: AddAttachment): FlagInputGroup[] {
  const own = command.flagInputs.attachment;
  return [
    ...(own.length > 0 ? [{ attachmentId: command.attachmentId, flags: own, restrictToOwnFlags: false, otherChanges: true }] : []),
    ...bugFlagGroups(command.flagInputs.bug),
  ];
}

/**
 * The input groups of an attachment update on one bug: `flags` once per attachment in request
 * order (restricted to the caller's own flags when they may not edit it, Bugzilla's flag-only
 * edit; `otherChanges` when fields came with them), then the bug's `bug_flags` once.
 */
export function updateAttachmentsFlagGroups(command: UpdateAttachments, bug: ExistingBug): FlagInputGroup[] {
  const own = command.flagInputs.attachment;
  const otherChanges = Object.keys(command.changes).length > 0;
  const groups: FlagInputGroup[] = [];
  if (own.length > 0)
    for (const id of command.attachmentIds) {
      const attachment = bug.attachments.find((candidate) => candidate.attachmentId === id);
      if (!attachment) continue;
      groups.push({ attachmentId: id, flags: own, restrictToOwnFlags: !canEditAttachment(command.actor, attachment), otherChanges });
    }
  return [...groups, ...bugFlagGroups(command.flagInputs.bug)];
}

/**
 * Places the flag decision's refusal in the carrier's order: `refuseAt(stage, group)` throws
 * it when it came from that stage of that input group; `rest()` throws any refusal not placed
 * yet and answers the accepted outcome (null when no flags were decided).
 */
export class FlagPlacement {
  constructor(private readonly outcome: FlagOutcome | undefined) {}

  refuseAt(stages: readonly FlagDecisionStage[], groupIndex: number): void {
    const outcome = this.outcome;
    if (outcome && !outcome.ok && outcome.inputIndex === groupIndex && stages.includes(outcome.stage))
      refuse(new DomainError(outcome.error));
  }

  rest(): AcceptedFlags | null {
    if (this.outcome === undefined) return null;
    if (!this.outcome.ok) refuse(new DomainError(this.outcome.error));
    return this.outcome;
  }
}

/** The requestees newly asked join the bug's CC list: a change of its own in the same append (Bugzilla's requestee_cc). */
export function requesteesJoinCc(bug: ExistingBug, changedBy: UserRef, accepted: AcceptedFlags | null): BugUpdated | null {
  const cc = ccWithRequestees(bug.fields.cc, accepted);
  if (cc.length === bug.fields.cc.length) return null;
  const after = { ...bug.fields, cc };
  return {
    type: 'BugUpdated',
    data: {
      bugId: bug.bugId,
      changedBy,
      changes: changesBetween(bug.fields, after),
      participants: { before: participantsOf(bug.reporter, bug.fields), after: participantsOf(bug.reporter, after) },
    },
  };
}
