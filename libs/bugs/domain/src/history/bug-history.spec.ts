import { ADMIN, MINIMAL_INPUT, USER, createBug, datedStream, updateBug } from '../testing';
import type { UpdateBug } from '../bug/update/update-bug.command';
import { buildHistory } from './bug-history';

const CREATE = createBug({ ...MINIMAL_INPUT, priority: 'Normal', whiteboard: '[golden]', estimatedTime: 4.5 });
const update = (input: UpdateBug['input'], commentId = 11): UpdateBug => updateBug(input, { commentId, dupeTarget: null });

const EVERYONE = { timetracker: true, insider: true };
const NOBODY = { timetracker: false, insider: false };

describe('bug history', () => {
  const events = datedStream(
    ['2026-11-22T14:43:21.000Z', CREATE],
    [
      '2026-11-22T14:43:22.000Z',
      update({
        status: 'IN_PROGRESS',
        priority: 'High',
        cc: { add: [USER.login] },
        whiteboard: '[golden][taken]',
        remainingTime: 3,
        workTime: 1.5,
        blocks: { add: ['1'] },
        comment: { body: 'Taking this.', isPrivate: false, isMarkdown: false },
        customFields: {},
      }),
    ],
    ['2026-11-22T14:50:00.000Z', update({ commentIsPrivate: { '11': true }, customFields: {} })],
  );

  it('golden 88: one entry per change set, values as Bugzilla writes them, no rows for the creation', () => {
    expect(buildHistory(events, EVERYONE, null)).toEqual([
      {
        when: '2026-11-22T14:43:22Z',
        who: ADMIN.login,
        changes: [
          { field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' },
          { field_name: 'priority', removed: 'Normal', added: 'High' },
          { field_name: 'whiteboard', removed: '[golden]', added: '[golden][taken]' },
          { field_name: 'remaining_time', removed: '4.50', added: '3' },
          { field_name: 'blocks', removed: '', added: '1' },
          { field_name: 'cc', removed: '', added: USER.login },
          { field_name: 'work_time', removed: '', added: '1.50' },
        ],
      },
      { when: '2026-11-22T14:50:00Z', who: ADMIN.login, changes: [{ field_name: 'longdescs.isprivate', removed: '0', added: '1' }] },
    ]);
  });

  it('golden 89: leaves time tracking out for non-timetrackers and comments made private for non-insiders', () => {
    expect(buildHistory(events, NOBODY, null)).toEqual([
      {
        when: '2026-11-22T14:43:22Z',
        who: ADMIN.login,
        changes: [
          { field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' },
          { field_name: 'priority', removed: 'Normal', added: 'High' },
          { field_name: 'whiteboard', removed: '[golden]', added: '[golden][taken]' },
          { field_name: 'blocks', removed: '', added: '1' },
          { field_name: 'cc', removed: '', added: USER.login },
        ],
      },
    ]);
  });

  it('takes new_since as strictly after', () => {
    expect(buildHistory(events, EVERYONE, '2026-11-22T14:43:22.000Z').map((entry) => entry.when)).toEqual(['2026-11-22T14:50:00Z']);
    expect(buildHistory(events, EVERYONE, '2000-01-01T00:00:00.000Z')).toHaveLength(2);
  });
});
