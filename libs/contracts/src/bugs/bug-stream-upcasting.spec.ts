import { currentVersion, upcastData } from '../events/stream-type';
import { bugStreamType, type CommentAddedDataV1 } from './bug.events';

describe('the bug stream type', () => {
  const v1: CommentAddedDataV1 = {
    bugId: 4,
    commentId: 9,
    count: 2,
    text: 'Seen it.',
    isPrivate: false,
    isMarkdown: false,
    workTime: 0,
    tags: [],
    attachmentId: null,
    addedText: null,
    author: { id: 2, login: 'ann@example.com' },
    participants: { assignee: 1, qaContact: null, reporter: 2, cc: [] },
  };

  it('writes CommentAdded at version 2 and reads a version-1 one as no attachment note', () => {
    expect(currentVersion(bugStreamType, 'CommentAdded')).toBe(2);
    expect(upcastData(bugStreamType, 'CommentAdded', 1, v1)).toEqual({ ...v1, attachmentNote: null });
    const v2 = { ...v1, attachmentId: 3, attachmentNote: 'created' };
    expect(upcastData(bugStreamType, 'CommentAdded', 2, v2)).toEqual(v2);
  });

  it('declares the attachment events at version 1', () => {
    expect([currentVersion(bugStreamType, 'AttachmentCreated'), currentVersion(bugStreamType, 'AttachmentUpdated')]).toEqual([1, 1]);
  });
});
