import type { BugEvent } from '@tracker/contracts';
import { flagsChanged } from '@tracker/contracts/testing';
import { evolveBug, initialBugState } from '../bug/bug.state';
import type { AddAttachment } from '../bug/attachment/add-attachment.command';
import type { UpdateAttachments } from '../bug/attachment/update-attachments.command';
import { ADMIN_ACTOR, MINIMAL_INPUT, RULES, createBug, datedStream, updateBug } from '../testing';
import { bugAsOf } from './bug-as-of';

const CREATED = '2026-11-22T10:00:00.000Z';
const FIRST_CHANGE = '2026-11-22T11:00:00.000Z';
const SECOND_CHANGE = '2026-11-22T12:00:00.000Z';

/** Bug 4, its whiteboard changed twice, then a comment made private. */
const events = datedStream(
  [CREATED, createBug({ ...MINIMAL_INPUT, whiteboard: 'first' })],
  [FIRST_CHANGE, updateBug({ whiteboard: 'middle', comment: { body: 'Seen.', isPrivate: false, isMarkdown: false } })],
  [SECOND_CHANGE, updateBug({ whiteboard: 'last', commentIsPrivate: { '11': true } })],
);

const whiteboardAt = (instant: string): string | undefined => bugAsOf(events, instant)?.state.fields.whiteboard;

describe('a bug as of an instant', () => {
  it('did not exist before its creation', () => {
    expect(bugAsOf(events, '2026-11-22T09:59:59.000Z')).toBeNull();
    expect(bugAsOf([], SECOND_CHANGE)).toBeNull();
  });

  it('shows the value a field had between two changes, with the times of the events folded', () => {
    expect(whiteboardAt(CREATED)).toBe('first');
    expect(whiteboardAt('2026-11-22T11:30:00.000Z')).toBe('middle');
    expect(whiteboardAt(SECOND_CHANGE)).toBe('last');
    expect(bugAsOf(events, '2026-11-22T11:59:59.000Z')).toMatchObject({ creationTime: CREATED, lastChangeTime: FIRST_CHANGE });
  });

  it('counts an event recorded at the instant itself, and none after it', () => {
    expect(whiteboardAt('2026-11-22T10:59:59.999Z')).toBe('first');
    expect(whiteboardAt(FIRST_CHANGE)).toBe('middle');
  });

  it('holds comments with the privacy they had then', () => {
    expect(bugAsOf(events, CREATED)?.state.comments.map((c) => c.commentId)).toEqual([10]);
    expect(bugAsOf(events, FIRST_CHANGE)?.state.comments).toEqual([
      { commentId: 10, count: 0, isPrivate: false },
      { commentId: 11, count: 1, isPrivate: false },
    ]);
    expect(bugAsOf(events, SECOND_CHANGE)?.state.comments[1]).toEqual({ commentId: 11, count: 1, isPrivate: true });
  });

  it('is the whole fold for an instant after the last event: the same evolveBug as the decider', () => {
    const now = events.reduce((state, entry) => evolveBug(state, entry.event), initialBugState());
    expect(bugAsOf(events, '2099-01-01T00:00:00.000Z')).toEqual({
      state: now,
      creationTime: CREATED,
      lastChangeTime: SECOND_CHANGE,
      attachmentChangeTimes: new Map(),
    });
  });

  it("stops at the first event after the instant, in the stream's order", () => {
    const late = { event: events[1]?.event as BugEvent, occurredAt: '2026-11-22T13:00:00.000Z' };
    const skewed = [events[0]!, late, { event: events[2]!.event, occurredAt: FIRST_CHANGE }];
    expect(bugAsOf(skewed, '2026-11-22T12:30:00.000Z')?.state.fields.whiteboard).toBe('first');
  });

  it("does not move last_change_time for a flag type's reconciliation", () => {
    const reconciled: BugEvent = {
      type: 'FlagsChanged',
      data: flagsChanged([{ flagId: 1, reason: 'flag-type-changed', before: null, after: null }], null, { bugId: 4 }),
    };
    const withReconciliation = [...events, { event: reconciled, occurredAt: '2026-11-22T13:00:00.000Z' }];
    expect(bugAsOf(withReconciliation, '2026-11-22T14:00:00.000Z')?.lastChangeTime).toBe(SECOND_CHANGE);
  });

  it('holds each attachment with its fields then and the time it last changed', () => {
    const add: AddAttachment = {
      kind: 'AddAttachment',
      actor: ADMIN_ACTOR,
      attachmentId: 7,
      commentId: 21,
      attachment: { fileName: 'notes.txt', summary: 'Notes', contentType: 'text/plain', isPatch: false, isPrivate: false },
      blob: { sha256: 'a'.repeat(64), size: 12 },
      comment: { body: '', isMarkdown: false },
      obsoletes: [],
      obsoleteOwners: {},
      rules: RULES,
      flagInputs: { attachment: [], bug: [] },
    };
    const rename: UpdateAttachments = {
      kind: 'UpdateAttachments',
      actor: ADMIN_ACTOR,
      attachmentIds: [7],
      changes: { summary: 'Renamed', isPrivate: true },
      comment: null,
      commentIds: [22],
      rules: RULES,
      flagInputs: { attachment: [], bug: [] },
    };
    const withAttachment = datedStream([CREATED, createBug(MINIMAL_INPUT)], [FIRST_CHANGE, add], [SECOND_CHANGE, rename]);
    const attachmentAt = (instant: string) => {
      const asOf = bugAsOf(withAttachment, instant);
      return [asOf?.state.attachments.map((a) => [a.attachmentId, a.summary, a.isPrivate]), asOf?.attachmentChangeTimes.get(7)];
    };
    expect(attachmentAt(CREATED)).toEqual([[], undefined]);
    expect(attachmentAt(FIRST_CHANGE)).toEqual([[[7, 'Notes', false]], FIRST_CHANGE]);
    expect(attachmentAt(SECOND_CHANGE)).toEqual([[[7, 'Renamed', true]], SECOND_CHANGE]);
  });
});
