import type { BugEvent } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { ADMIN_ACTOR, MINIMAL_INPUT, OTHER, RULES, USER, actor, createBug, typesOf } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { AddAttachment } from './add-attachment.command';
import type { UpdateAttachments } from './update-attachments.command';

const bug = deciderSpec(bugDecider);
const created = bug
  .given()
  .when(createBug({ ...MINIMAL_INPUT, summary: 'S' }, { bugId: 5, commentId: 20 }))
  .events();
const SHA = 'a'.repeat(64);
const PARTICIPANTS = { assignee: 1, qaContact: null, reporter: 1, cc: [] };

const add = (change: Partial<AddAttachment> = {}, attachment: Partial<AddAttachment['attachment']> = {}): AddAttachment => ({
  kind: 'AddAttachment',
  actor: actor(USER),
  attachmentId: 7,
  commentId: 21,
  attachment: { fileName: 'notes.txt', summary: 'Notes', contentType: 'text/plain', isPatch: false, isPrivate: false, ...attachment },
  blob: { sha256: SHA, size: 12 },
  comment: { body: 'See it.  ', isMarkdown: false },
  obsoletes: [],
  obsoleteOwners: {},
  rules: RULES,
  flagInputs: { attachment: [], bug: [] },
  ...change,
});

const update = (change: Partial<UpdateAttachments> = {}): UpdateAttachments => ({
  kind: 'UpdateAttachments',
  actor: actor(USER),
  attachmentIds: [7],
  changes: {},
  comment: null,
  commentIds: [30],
  rules: RULES,
  flagInputs: { attachment: [], bug: [] },
  ...change,
});

const withAttachment: readonly BugEvent[] = [
  ...created,
  ...bug
    .given(...created)
    .when(add())
    .events(),
];

describe('add attachment', () => {
  it('appends the attachment and its "Created attachment" comment, private exactly when the attachment is', () => {
    bug
      .given(...created)
      .when(add({ actor: ADMIN_ACTOR }, { isPrivate: true }))
      .then([
        {
          type: 'AttachmentCreated',
          data: {
            bugId: 5,
            attachmentId: 7,
            creator: ADMIN_ACTOR.user,
            fileName: 'notes.txt',
            summary: 'Notes',
            contentType: 'text/plain',
            isPatch: false,
            isPrivate: true,
            size: 12,
            sha256: SHA,
            commentId: 21,
            participants: PARTICIPANTS,
          },
        },
        {
          type: 'CommentAdded',
          data: {
            bugId: 5,
            commentId: 21,
            count: 1,
            text: 'See it.',
            isPrivate: true,
            isMarkdown: false,
            workTime: 0,
            tags: [],
            attachmentId: 7,
            attachmentNote: 'created',
            addedText: null,
            author: ADMIN_ACTOR.user,
            participants: PARTICIPANTS,
          },
        },
      ]);
  });

  it('makes same-bug attachments obsolete, skipping those already obsolete', () => {
    const events = bug
      .given(...withAttachment)
      .when(add({ attachmentId: 8, commentId: 22, obsoletes: ['7', ' 7 '] }))
      .events();
    expect(typesOf(events)).toEqual(['AttachmentCreated', 'AttachmentUpdated', 'CommentAdded']);
    expect(events[1]).toMatchObject({ data: { attachmentId: 7, changes: { isObsolete: true }, before: { isObsolete: false } } });
  });

  it.each([
    [
      'a private attachment from a non-insider',
      add({}, { isPrivate: true }),
      113,
      'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
    ],
    ['a blank summary', add({}, { summary: ' ' }), 604, 'You must enter a description for the attachment.'],
    ['an obsolete id that is no number', add({ obsoletes: ['x'] }), 32000, 'The attachment id x is invalid.'],
    ['an unknown obsolete id', add({ obsoletes: ['99'] }), 32000, 'The attachment id 99 is invalid.'],
    [
      "another bug's attachment as obsolete",
      add({ obsoletes: ['99'], obsoleteOwners: { '99': 6 } }),
      32000,
      'Attachment 99 is attached to another bug, but you tried to flag it as obsolete while creating a new attachment to bug 5.',
    ],
    [
      'a comment over 65,535 characters',
      add({ comment: { body: 'x'.repeat(65_536), isMarkdown: false } }),
      114,
      'Comments cannot be longer than 65535 characters.',
    ],
  ])('refuses %s', (_case, command, code, message) => {
    bug
      .given(...withAttachment)
      .when(command)
      .thenRefuses(code, message);
  });

  it("refuses to obsolete an attachment the caller may not edit (someone else's, no editbugs)", () => {
    bug
      .given(...withAttachment)
      .when(add({ actor: actor(OTHER), obsoletes: ['7'] }))
      .thenRefuses(32000, 'You are not authorized to edit attachment 7.');
  });
});

describe('update attachments', () => {
  it('changes the fields, forcing text/plain for a patch, with before and after', () => {
    const events = bug
      .given(...withAttachment)
      .when(update({ changes: { summary: ' New ', isPatch: true, contentType: 'image/png' } }))
      .events();
    expect(events).toEqual([
      {
        type: 'AttachmentUpdated',
        data: {
          bugId: 5,
          attachmentId: 7,
          changedBy: USER,
          changes: { summary: 'New', isPatch: true },
          before: { summary: 'Notes', isPatch: false },
          isPrivate: false,
          participants: PARTICIPANTS,
        },
      },
    ]);
  });

  it('writes nothing for a no-op, and only the comment for a comment alone', () => {
    bug
      .given(...withAttachment)
      .when(update({ changes: { summary: 'Notes', isObsolete: false } }))
      .then([]);
    const events = bug
      .given(...withAttachment)
      .when(update({ comment: { body: 'Looks good', isMarkdown: false } }))
      .events();
    expect(events).toMatchObject([
      { type: 'CommentAdded', data: { commentId: 30, text: 'Looks good', attachmentId: 7, attachmentNote: 'updated' } },
    ]);
  });

  it.each([
    [
      'someone who may not edit it',
      update({ actor: actor(OTHER), changes: { summary: 'x' } }),
      32000,
      'You are not authorized to edit attachment 7.',
    ],
    ['an unknown attachment', update({ attachmentIds: [9] }), 32000, 'The attachment id 9 is invalid.'],
    ['an empty file name', update({ changes: { fileName: 'dir/' } }), 603, 'You must specify a filename for this attachment.'],
    [
      'a privacy change by a non-insider',
      update({ changes: { isPrivate: true } }),
      113,
      'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
    ],
    [
      'a bad content type',
      update({ changes: { contentType: 'nonsense' } }),
      601,
      expect.stringMatching(/^The content type nonsense is invalid/),
    ],
  ])('refuses %s', (_case, command, code, message) => {
    bug
      .given(...withAttachment)
      .when(command)
      .thenRefuses(code, message as string);
  });

  it('lets an editbugs member edit a public attachment of someone else', () => {
    const events = bug
      .given(...withAttachment)
      .when(update({ actor: actor(OTHER, { editbugs: true }), changes: { isObsolete: true } }))
      .events();
    expect(typesOf(events)).toEqual(['AttachmentUpdated']);
  });
});
