import type { BugEvent } from '@tracker/contracts';
import { ADMIN, ADMIN_ACTOR, RULES, USER, USERS, typesOf } from '../../fixtures/bug-rules.fixture';
import { bugDecider } from '../bug.decider';
import type { ApplyLinkedChange } from './apply-linked-change.command';

const created = bugDecider.decide(
  {
    kind: 'CreateBug',
    bugId: 5,
    commentId: 20,
    actor: ADMIN_ACTOR,
    input: { product: 'RefProduct', component: 'RefComponent', version: '1.0', summary: 'Original', opSys: 'All', platform: 'All', customFields: {} },
    rules: RULES,
    users: USERS,
    aliasOwners: new Map(),
    bugRefs: new Map(),
    dependencyEdges: [],
  },
  bugDecider.initialState(),
) as readonly BugEvent[];
const given = created.reduce(bugDecider.evolve, bugDecider.initialState());

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
    expect(bugDecider.decide(linked({ blocks: { added: [9], removed: [] } }), given)).toEqual([
      {
        type: 'BugUpdated',
        data: {
          bugId: 5,
          changedBy: ADMIN,
          changes: { blocks: { added: [9], removed: [] } },
          participants: { before: { assignee: 1, qaContact: null, reporter: 1, cc: [] }, after: { assignee: 1, qaContact: null, reporter: 1, cc: [] } },
        },
      },
    ]);
  });

  it('gives a duplicate target its note and the duplicate reporter in CC', () => {
    const events = bugDecider.decide(linked({ addCc: USER, duplicate: { bugId: 9, commentId: 30 } }), given) as readonly BugEvent[];
    expect(typesOf(events)).toEqual(['BugUpdated', 'CommentAdded']);
    expect(events[1]).toMatchObject({ type: 'CommentAdded', data: { commentId: 30, count: 1, text: '', addedText: '*** Bug 9 has been marked as a duplicate of this bug. ***', author: ADMIN } });
  });

  it('writes nothing when the other bug already has the change', () => {
    expect(bugDecider.decide(linked({ blocks: { added: [], removed: [7] } }), given)).toEqual([]);
  });
});
