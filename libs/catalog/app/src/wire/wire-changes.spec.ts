import { asWireValue, wireChanges } from './wire-changes';

describe('wire changes', () => {
  it('writes values as Bugzilla does', () => {
    expect([true, false, 3, null, ['a', 'b'], { id: 1, name: 'Unclassified' }].map(asWireValue)).toEqual([
      '1',
      '0',
      '3',
      '',
      'a, b',
      'Unclassified',
    ]);
  });

  it('renames keys, skips unnamed ones and presents values', () => {
    expect(
      wireChanges(
        { isActive: { from: true, to: false }, defaultAssigneeId: { from: 1, to: 2 } },
        { isActive: 'is_open', defaultAssigneeId: 'default_assignee' },
        (key, value) => (key === 'defaultAssigneeId' ? `user${String(value)}` : value),
      ),
    ).toEqual({ is_open: { added: '0', removed: '1' }, default_assignee: { added: 'user2', removed: 'user1' } });
  });
});
