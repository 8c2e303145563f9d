import { canSeeBug } from './bug-visibility.rules';

const bug = { groupIds: [5], reporterId: 1, assigneeId: 2, qaContactId: 3, ccIds: [4], isCreatorAccessible: true, isCcAccessible: false };
const viewer = (id: number | null, groupIds: number[] = []) => ({ user: id === null ? null : { id }, groupIds });

describe('who may see a bug', () => {
  it.each([
    ['a member of all its groups', viewer(9, [5]), true],
    ['someone outside its groups', viewer(9), false],
    ['a logged-out viewer, grouped bug', viewer(null), false],
    ['its reporter, the bug accessible to its reporter', viewer(1), true],
    ['its assignee', viewer(2), true],
    ['its QA contact', viewer(3), true],
    ['a CC member, the bug not accessible to its CC list', viewer(4), false],
  ])('%s: %p', (_case, who, expected) => {
    expect(canSeeBug(who, bug)).toBe(expected);
  });

  it('shows a bug in no group to everyone, logged out included', () => {
    expect(canSeeBug(viewer(null), { ...bug, groupIds: [] })).toBe(true);
  });
});
