import type { BugEvent } from '@tracker/contracts';
import { bugCreated, bugUpdated, cat, commentAdded, dan, eve, participants } from '../testing/mail-world.fixture';
import { evolveBugMailFacts } from './bug-mail-facts.rules';

const fold = (...events: BugEvent[]) => events.reduce(evolveBugMailFacts, null);

describe('evolveBugMailFacts: who may see the bug, folded from its events', () => {
  it('starts at the creation: groups, accessibility, roles and status', () => {
    expect(fold(bugCreated())).toEqual({
      status: 'CONFIRMED',
      summary: 'Crash on save',
      blocks: [],
      access: {
        groupIds: [],
        isCreatorAccessible: true,
        isCcAccessible: true,
        reporterId: 1,
        assigneeId: 2,
        qaContactId: 6,
        ccIds: [cat.id, eve.id],
      },
    });
  });

  it('follows status, groups, accessibility and the roles of later changes', () => {
    const group = { id: 9, name: 'secret' };
    const after = participants({ assignee: dan.id, cc: [eve.id] });
    const facts = fold(
      bugCreated(),
      bugUpdated(
        {
          status: 'RESOLVED',
          summary: 'Crash on load',
          groups: { added: [group], removed: [] },
          isCcAccessible: false,
          blocks: { added: [7, 8], removed: [] },
        },
        dan,
        participants(),
        after,
      ),
      commentAdded('Hi', { participants: participants({ assignee: dan.id, cc: [] }) }),
    );
    expect(facts).toEqual({
      status: 'RESOLVED',
      summary: 'Crash on load',
      blocks: [7, 8],
      access: {
        groupIds: [9],
        isCreatorAccessible: true,
        isCcAccessible: false,
        reporterId: 1,
        assigneeId: dan.id,
        qaContactId: 6,
        ccIds: [],
      },
    });
  });

  it('follows the bugs it blocks through later dependency changes', () => {
    const facts = fold(
      bugCreated(),
      bugUpdated({ blocks: { added: [7, 8], removed: [] } }),
      bugUpdated({ blocks: { added: [9], removed: [7] } }),
    );
    expect(facts?.blocks).toEqual([8, 9]);
  });

  it('knows nothing of a bug whose creation it has not seen', () => {
    expect(fold(commentAdded('Hi'))).toBeNull();
  });
});
