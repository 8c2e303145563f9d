import type { BugEvent } from '@tracker/contracts';
import {
  ann,
  AT,
  bob,
  bugCreated,
  bugUpdated,
  cat,
  commentAdded,
  dan,
  eve,
  flag,
  flagsChanged,
  participants,
} from '../testing/mail-world.fixture';
import { bugMailChange } from './bug-mail-change.rules';

/** the bug's earlier values unknown (a bug the mailer never folded): the rows' "Removed" of scalars is null */
const when = (...events: BugEvent[]) => bugMailChange({ changeId: 'c-1', occurredAt: AT, events, fieldValues: {} });

describe('bugMailChange: one append’s events as one mail change', () => {
  it('an update with a comment is one change: its rows, the comment, the changer, participants before and after', () => {
    const before = participants();
    const after = participants({ assignee: dan.id, cc: [cat.id, eve.id, ann.id] });
    const update = bugUpdated(
      { status: 'RESOLVED', isOpen: false, resolution: 'FIXED', assignee: dan, cc: { added: [ann], removed: [] } },
      bob,
      before,
      after,
    );
    const result = when(update, commentAdded('Fixed.', { author: bob, participants: after }));
    expect(result).toEqual({
      changeId: 'c-1',
      bugId: 42,
      changer: bob,
      occurredAt: AT,
      isNew: false,
      openStateChanged: true,
      fields: [
        { field: 'bug_status', removed: null, added: 'RESOLVED', attachment: null },
        { field: 'resolution', removed: null, added: 'FIXED', attachment: null },
        { field: 'assigned_to', removed: null, added: 'dan@example.com', attachment: null },
        { field: 'cc', removed: '', added: 'ann@example.com', attachment: null, userIds: { added: [ann.id], removed: [] } },
      ],
      comments: [{ commentId: 101, count: 1, text: 'Fixed.', isPrivate: false, workTime: 0, createsAttachment: false }],
      flags: [],
      participants: { before, after },
    });
  });

  it('the open state changed only when the bug moved between open and closed', () => {
    expect(when(bugUpdated({ status: 'IN_PROGRESS' }))?.openStateChanged).toBe(false);
    expect(when(bugUpdated({ status: 'REOPENED', isOpen: true, resolution: '' }))?.openStateChanged).toBe(true);
  });

  it('a new bug: its description is comment 0, there is no before', () => {
    const result = when(bugCreated());
    expect(result?.isNew).toBe(true);
    expect(result?.changer).toEqual(ann);
    expect(result?.participants.before).toBeNull();
    expect(result?.comments.map((comment) => [comment.count, comment.text])).toEqual([[0, 'It crashes.']]);
    expect(result?.fields).toEqual([]);
  });

  it('a comment’s privacy changing alone is not mailed, as in Bugzilla', () => {
    const privacy: BugEvent = {
      type: 'CommentPrivacyChanged',
      data: { bugId: 42, commentId: 101, isPrivate: true, changedBy: dan, participants: participants() },
    };
    expect(when(privacy)).toBeNull();
  });

  it('a new attachment: Bugzilla’s "Created attachment N" text, the attachment event, and the attachment’s privacy', () => {
    const created: BugEvent = {
      type: 'AttachmentCreated',
      data: {
        bugId: 42,
        attachmentId: 7,
        creator: dan,
        fileName: 'fix.diff',
        summary: 'Proposed fix',
        contentType: 'text/plain',
        isPatch: true,
        isPrivate: true,
        size: 10,
        sha256: 'a'.repeat(64),
        commentId: 101,
        participants: participants(),
      },
    };
    const note = commentAdded('Please review.', { attachmentId: 7, attachmentNote: 'created' });
    expect(when(created, note)?.comments).toEqual([
      {
        commentId: 101,
        count: 1,
        text: 'Created attachment 7\nProposed fix\n\nPlease review.',
        isPrivate: true,
        workTime: 0,
        createsAttachment: true,
      },
    ]);
  });

  it('Bugzilla’s added text (the duplicate note) follows the comment', () => {
    const dupe = commentAdded('', { addedText: '*** This bug has been marked as a duplicate of bug 7 ***' });
    expect(when(dupe)?.comments[0]?.text).toBe('*** This bug has been marked as a duplicate of bug 7 ***');
  });

  it('flag changes: kept for flag mail, and one flagtypes.name row for the bug mail', () => {
    const request = { flagId: 1, reason: 'request' as const, before: null, after: flag('?', dan, bob) };
    const result = when(flagsChanged([request]));
    expect(result?.flags).toEqual([{ attachment: null, changes: [request] }]);
    expect(result?.fields).toEqual([{ field: 'flagtypes.name', removed: '', added: 'review?(bob@example.com)', attachment: null }]);
  });

  it('attachment rows carry the old and new values and the attachment’s privacy', () => {
    const update: BugEvent = {
      type: 'AttachmentUpdated',
      data: {
        bugId: 42,
        attachmentId: 7,
        changedBy: dan,
        changes: { isPatch: false, isObsolete: true },
        before: { isPatch: true, isObsolete: false },
        isPrivate: false,
        participants: participants(),
      },
    };
    expect(when(update)?.fields).toEqual([
      { field: 'attachments.ispatch', removed: '1', added: '0', attachment: { id: 7, isPrivate: false } },
      { field: 'attachments.isobsolete', removed: '0', added: '1', attachment: { id: 7, isPrivate: false } },
    ]);
  });

  it('the Removed column: each scalar’s value before its BugUpdated, from the bug’s folded values and the change’s own events', () => {
    const fieldValues = { priority: 'P3', assigned_to: 'bob@example.com', cf_build: '41' };
    const result = bugMailChange({
      changeId: 'c-1',
      occurredAt: AT,
      fieldValues,
      events: [
        bugUpdated({ priority: 'P2', assignee: dan, customFields: { cf_build: '42' }, severity: 'major' }),
        bugUpdated({ priority: 'P1' }),
      ],
    });
    expect(result?.fields.map((row) => [row.field, row.removed, row.added])).toEqual([
      ['priority', 'P3', 'P2'],
      ['bug_severity', null, 'major'],
      ['assigned_to', 'bob@example.com', 'dan@example.com'],
      ['cf_build', '41', '42'],
      // the second update of the same append: the old value is the first one's new value
      ['priority', 'P2', 'P1'],
    ]);
  });

  it('a bug created and changed in one append: the old values are those it was created with', () => {
    const result = bugMailChange({
      changeId: 'c-1',
      occurredAt: AT,
      fieldValues: {},
      events: [bugCreated(), bugUpdated({ status: 'IN_PROGRESS' })],
    });
    expect(result?.fields).toEqual([{ field: 'bug_status', removed: 'CONFIRMED', added: 'IN_PROGRESS', attachment: null }]);
  });

  it('custom fields and lists read as text', () => {
    const update = bugUpdated({ keywords: { added: ['crash', 'regression'], removed: [] }, customFields: { cf_size: 'L' }, dupeOf: null });
    expect(when(update)?.fields).toEqual([
      { field: 'dup_id', removed: null, added: '', attachment: null },
      { field: 'keywords', removed: '', added: 'crash, regression', attachment: null },
      { field: 'cf_size', removed: null, added: 'L', attachment: null },
    ]);
  });
});
