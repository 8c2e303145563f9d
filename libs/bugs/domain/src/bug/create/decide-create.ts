import {
  type BugCreated,
  type BugEvent,
  type BugFields,
  type BugUpdated,
  type DescriptionFacts,
  type DomainError,
  isDomainError,
} from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import type { BugState } from '../bug.state';
import { participantsOf } from '../bug.state';
import { attempt } from '../refusal';
import { type AcceptedFlags, ccWithRequestees, flagEvents, requireFlagOutcome } from '../flags/flag-outcome';
import { changesBetween } from '../bug-changes';
import type { CreateBug } from './create-bug.command';
import { acceptCreate } from './accept-create';

/**
 * Bugzilla's Bug->create: each field validated in the order its validators run
 * (alphabetical, then the ones that depend on product, component and status), so that
 * the first error reported is the one Bugzilla reports. Fields the caller may not set
 * are defaulted, as Bugzilla does: dependencies without editbugs, time tracking without
 * timetracker, assignee and QA contact without editbugs, status without canconfirm.
 * The flags' outcome is checked after every field, as Bugzilla sets flags last.
 */
export function decideCreate(command: CreateBug, state: BugState): readonly BugEvent[] | DomainError {
  if (state.exists) return BugErrors.aliasInUse(String(command.bugId), command.bugId);
  const accepted = command.accepted ?? acceptCreate(command);
  if (isDomainError(accepted)) return accepted;
  const { fields, description } = accepted;
  return attempt(() => {
    const flags = requireFlagOutcome(command.flags);
    const created = bugCreated(command, fields, description);
    const requesteeCc = requesteesJoinCc(command, fields, flags);
    return [created, ...(requesteeCc ? [requesteeCc] : []), ...flagEvents(flags)];
  });
}

/** Bugzilla creates the bug, then its flags add their requestees to the CC list: a second change of the same append. */
function requesteesJoinCc(command: CreateBug, fields: BugFields, flags: AcceptedFlags | null): BugUpdated | null {
  const cc = ccWithRequestees(fields.cc, flags);
  if (cc.length === fields.cc.length) return null;
  const after = { ...fields, cc };
  return {
    type: 'BugUpdated',
    data: {
      bugId: command.bugId,
      changedBy: command.actor.user,
      changes: changesBetween(fields, after),
      participants: { before: participantsOf(command.actor.user, fields), after: participantsOf(command.actor.user, after) },
    },
  };
}

/** The stream's first event: the fields, and the description as comment 0. */
function bugCreated(command: CreateBug, fields: BugFields, text: string): BugCreated {
  const { actor, input } = command;
  const description: DescriptionFacts = {
    commentId: command.commentId,
    count: 0,
    text,
    isPrivate: input.commentIsPrivate === true,
    isMarkdown: input.isMarkdown === true,
    workTime: 0,
    tags: [],
    attachmentId: null,
    addedText: null,
  };
  return {
    type: 'BugCreated',
    data: { bugId: command.bugId, reporter: actor.user, fields, description, participants: participantsOf(actor.user, fields) },
  };
}
