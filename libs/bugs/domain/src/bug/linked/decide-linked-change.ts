import { type BugEvent, CommonErrors, type DomainError } from '@tracker/contracts';
import { sortList } from '../bug-lists';
import { changesBetween, isEmptyChange } from '../bug-changes';
import { type BugState, participantsOf } from '../bug.state';
import { commentAdded } from '../update/update-events';
import type { ApplyLinkedChange } from './apply-linked-change.command';

/** The other bug's side of an update: its own change set (history, last_change_time) and note. */
export function decideLinkedChange(command: ApplyLinkedChange, state: BugState): readonly BugEvent[] | DomainError {
  if (!state.exists) return CommonErrors.userError('A related bug does not exist.');
  const fields = state.fields;
  const apply = (current: readonly number[], delta: { added: readonly number[]; removed: readonly number[] }): number[] =>
    [...current, ...delta.added].filter((id) => !delta.removed.includes(id));
  const cc = command.addCc && !fields.cc.some((user) => user.id === command.addCc?.id) ? [...fields.cc, command.addCc] : fields.cc;
  const next = {
    ...fields,
    dependsOn: sortList('dependsOn', apply(fields.dependsOn, command.dependsOn)),
    blocks: sortList('blocks', apply(fields.blocks, command.blocks)),
    cc: sortList('cc', cc),
  };
  const changes = changesBetween(fields, next);
  const after = participantsOf(state.reporter, next);
  const events: BugEvent[] = [];
  if (!isEmptyChange(changes)) {
    events.push({
      type: 'BugUpdated',
      data: {
        bugId: state.bugId,
        changedBy: command.changedBy,
        changes,
        participants: { before: participantsOf(state.reporter, fields), after },
      },
    });
  }
  if (command.duplicate) {
    const note = `*** Bug ${command.duplicate.bugId} has been marked as a duplicate of this bug. ***`;
    const comment = { text: '', isPrivate: false, isMarkdown: false, workTime: 0, addedText: note };
    events.push(commentAdded(state, command.duplicate.commentId, command.changedBy, comment, after));
  }
  return events;
}
