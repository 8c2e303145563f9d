import type { BugEvent, BugParticipants, ListDelta } from '@tracker/contracts';
import { assertNever } from '@tracker/contracts';
import { fieldValuesOf, withChangedValues } from '../change/field-values';
import type { BugMailFacts } from '../recipients/mail-facts';

/**
 * What the mailer keeps of a bug, folded from its own events (no question to the bugs
 * service): who may see it (canSeeBug's facts), its status and summary, the bugs it blocks,
 * its field values (the old values of its next mail's diff rows). Null until the bug's
 * creation was seen.
 */
export function evolveBugMailFacts(facts: BugMailFacts | null, event: BugEvent): BugMailFacts | null {
  switch (event.type) {
    case 'BugCreated': {
      const { fields, participants } = event.data;
      const flags = { isCreatorAccessible: fields.isCreatorAccessible, isCcAccessible: fields.isCcAccessible };
      return {
        status: fields.status,
        summary: fields.summary,
        blocks: fields.blocks,
        fieldValues: fieldValuesOf(fields),
        access: { groupIds: fields.groups.map((group) => group.id), ...flags, ...roles(participants) },
      };
    }
    case 'BugUpdated': {
      if (!facts) return null;
      const { changes, participants } = event.data;
      const removed = new Set(changes.groups?.removed.map((group) => group.id) ?? []);
      const groupIds = [
        ...facts.access.groupIds.filter((id) => !removed.has(id)),
        ...(changes.groups?.added.map((group) => group.id) ?? []),
      ];
      return {
        status: changes.status ?? facts.status,
        summary: changes.summary ?? facts.summary,
        blocks: changes.blocks ? withDelta(facts.blocks, changes.blocks) : facts.blocks,
        fieldValues: withChangedValues(facts.fieldValues, changes),
        access: {
          groupIds,
          isCreatorAccessible: changes.isCreatorAccessible ?? facts.access.isCreatorAccessible,
          isCcAccessible: changes.isCcAccessible ?? facts.access.isCcAccessible,
          ...roles(participants.after),
        },
      };
    }
    case 'CommentAdded':
    case 'CommentPrivacyChanged':
    case 'AttachmentCreated':
    case 'AttachmentUpdated':
    case 'FlagsChanged':
      return facts && { ...facts, access: { ...facts.access, ...roles(event.data.participants) } };
    default:
      return assertNever(event);
  }
}

function withDelta(ids: readonly number[], delta: ListDelta<number>): number[] {
  const removed = new Set(delta.removed);
  return [...ids.filter((id) => !removed.has(id)), ...delta.added.filter((id) => !ids.includes(id))];
}

function roles(participants: BugParticipants): Pick<BugMailFacts['access'], 'reporterId' | 'assigneeId' | 'qaContactId' | 'ccIds'> {
  return {
    reporterId: participants.reporter,
    assigneeId: participants.assignee,
    qaContactId: participants.qaContact,
    ccIds: participants.cc,
  };
}
