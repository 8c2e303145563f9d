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
      fieldValues: expect.objectContaining({ bug_status: 'CONFIRMED', priority: 'P3', assigned_to: 'bob@example.com' }) as unknown,
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
      fieldValues: expect.objectContaining({ bug_status: 'RESOLVED', short_desc: 'Crash on load', cclist_accessible: '0' }) as unknown,
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

  it('keeps the mail text of every single-valued field, a changed one replaced: the old values of the next mail', () => {
    const facts = fold(
      bugCreated(),
      bugUpdated({ priority: 'P1', assignee: dan, qaContact: null, customFields: { cf_build: '42' } }),
      commentAdded('Hi'),
    );
    expect(facts?.fieldValues).toEqual({
      short_desc: 'Crash on save',
      product: 'Tracker',
      component: 'Core',
      classification: 'Unclassified',
      version: 'unspecified',
      target_milestone: '---',
      bug_status: 'CONFIRMED',
      resolution: '',
      everconfirmed: '1',
      dup_id: '',
      priority: 'P1',
      bug_severity: 'normal',
      rep_platform: 'All',
      op_sys: 'All',
      bug_file_loc: '',
      status_whiteboard: '',
      assigned_to: 'dan@example.com',
      qa_contact: '',
      cclist_accessible: '1',
      reporter_accessible: '1',
      deadline: '',
      estimated_time: '0',
      remaining_time: '0',
      cf_build: '42',
    });
  });

  it('knows nothing of a bug whose creation it has not seen', () => {
    expect(fold(commentAdded('Hi'))).toBeNull();
  });
});
