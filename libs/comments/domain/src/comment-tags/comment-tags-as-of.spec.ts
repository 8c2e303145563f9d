import type { CommentTagsEvent } from '@tracker/contracts';
import { commentTagsAsOf } from './comment-tags-as-of';

const changed = (occurredAt: string, tags: string[]): { event: CommentTagsEvent; occurredAt: string } => ({
  event: { type: 'CommentTagsUpdated', data: { commentId: 10, bugId: 1, added: [], removed: [], tags } },
  occurredAt,
});

describe("a comment's tags as of an instant", () => {
  const events = [changed('2026-11-22T11:00:00.000Z', ['spam']), changed('2026-11-22T12:00:00.000Z', [])];

  it('are the creation tags (sorted) until the first change', () => {
    expect(commentTagsAsOf(events, ['b', 'A'], '2026-11-22T10:59:59.000Z')).toEqual(['A', 'b']);
    expect(commentTagsAsOf([], ['x'], '2099-01-01T00:00:00.000Z')).toEqual(['x']);
  });

  it('are those of the last change at or before the instant, even if removed since', () => {
    expect(commentTagsAsOf(events, [], '2026-11-22T11:00:00.000Z')).toEqual(['spam']);
    expect(commentTagsAsOf(events, [], '2026-11-22T12:30:00.000Z')).toEqual([]);
  });
});
