import type { BugAccessFacts } from '../rules/visibility';
import type { ExistingBug } from './bug.state';

export function accessFactsOf(bug: ExistingBug): BugAccessFacts {
  return {
    groupIds: bug.fields.groups.map((group) => group.id),
    reporterId: bug.reporter.id,
    assigneeId: bug.fields.assignee.id,
    qaContactId: bug.fields.qaContact?.id ?? null,
    ccIds: bug.fields.cc.map((user) => user.id),
    isCreatorAccessible: bug.fields.isCreatorAccessible,
    isCcAccessible: bug.fields.isCcAccessible,
  };
}
