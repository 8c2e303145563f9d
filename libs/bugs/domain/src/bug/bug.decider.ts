import { assertNever, type BugEvent, type Decider, type DomainError } from '@tracker/contracts';
import type { AddAttachment } from './attachment/add-attachment.command';
import { decideAddAttachment } from './attachment/decide-add-attachment';
import { decideUpdateAttachments } from './attachment/decide-update-attachments';
import type { UpdateAttachments } from './attachment/update-attachments.command';
import { type BugState, evolveBug, initialBugState } from './bug.state';
import type { AddComment } from './comment/add-comment.command';
import { decideAddComment } from './comment/decide-add-comment';
import type { CreateBug } from './create/create-bug.command';
import { decideCreate } from './create/decide-create';
import { decideReconcileFlags, type ReconcileFlags } from './flags/reconcile-flags';
import type { ApplyLinkedChange } from './linked/apply-linked-change.command';
import { decideLinkedChange } from './linked/decide-linked-change';
import { decideUpdate } from './update/decide-update';
import type { UpdateBug } from './update/update-bug.command';

export type BugCommand = CreateBug | UpdateBug | AddComment | ApplyLinkedChange | AddAttachment | UpdateAttachments | ReconcileFlags;

/** The decider of a bug's stream (`bug-<id>`): one decide function per command, in its own folder. */
export const bugDecider: Decider<BugState, BugCommand, BugEvent> = {
  initialState: initialBugState,
  decide(command: BugCommand, state: BugState): readonly BugEvent[] | DomainError {
    switch (command.kind) {
      case 'CreateBug':
        return decideCreate(command, state);
      case 'UpdateBug':
        return decideUpdate(command, state);
      case 'AddComment':
        return decideAddComment(command, state);
      case 'ApplyLinkedChange':
        return decideLinkedChange(command, state);
      case 'AddAttachment':
        return decideAddAttachment(command, state);
      case 'UpdateAttachments':
        return decideUpdateAttachments(command, state);
      case 'ReconcileFlags':
        return decideReconcileFlags(command, state);
      default:
        return assertNever(command, 'bug command');
    }
  },
  evolve: evolveBug,
};
