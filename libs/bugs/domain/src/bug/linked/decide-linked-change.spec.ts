import { deciderSpec } from '@tracker/testing';
import { ADMIN, MINIMAL_INPUT, USER, createBug, typesOf } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { ApplyLinkedChange } from './apply-linked-change.command';

const bug = deciderSpec(bugDecider);
const created = bug
  .given()
  .when(createBug({ ...MINIMAL_INPUT, summary: 'Original' }, { bugId: 5, commentId: 20 }))
  .events();

const linked = (change: Partial<ApplyLinkedChange>): ApplyLinkedChange => ({
  kind: 'ApplyLinkedChange',
  changedBy: ADMIN,
  dependsOn: { added: [], removed: [] },
  blocks: { added: [], removed: [] },
  addCc: null,
  duplicate: null,
  ...change,
});

describe('the other side of a change', () => {
  it('records the dependency the other bug gained, as its own change set', () => {
    bug
      .given(...created)
      .when(linked({ blocks: { added: [9], removed: [] } }))
      .then([
        {
          type: 'BugUpdated',
          data: {
            bugId: 5,
            changedBy: ADMIN,
            changes: { blocks: { added: [9], removed: [] } },
            participants: {
              before: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
              after: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
            },
          },
        },
      ]);
  });

  it('gives a duplicate target its note and the duplicate reporter in CC', () => {
    const events = bug
      .given(...created)
      .when(linked({ addCc: USER, duplicate: { bugId: 9, commentId: 30 } }))
      .events();
    expect(typesOf(events)).toEqual(['BugUpdated', 'CommentAdded']);
    expect(events[1]).toMatchObject({
      type: 'CommentAdded',
      data: { commentId: 30, count: 1, text: '', addedText: '*** Bug 9 has been marked as a duplicate of this bug. ***', author: ADMIN },
    });
  });

  it('writes nothing when the other bug already has the change', () => {
    bug
      .given(...created)
      .when(linked({ blocks: { added: [], removed: [7] } }))
      .then([]);
  });
});
