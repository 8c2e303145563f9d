import type { BugEvent, FlagsChangedData, UserRef } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { MINIMAL_INPUT, OTHER, RULES, USER, actor, createBug, typesOf } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { ExistingBug } from '../bug.state';
import { flagDecisionRequest, type FlagOutcome, needsFlagDecision } from '../flags/flag-outcome';
import type { AddAttachment } from './add-attachment.command';
import { addAttachmentFlagGroups, updateAttachmentsFlagGroups } from './attachment-flags';
import type { UpdateAttachments } from './update-attachments.command';

const bug = deciderSpec(bugDecider);
const created = bug
  .given()
  .when(createBug({ ...MINIMAL_INPUT, summary: 'S' }, { bugId: 5, commentId: 20 }))
  .events();
const ANN: UserRef = { id: 40, login: 'ann@example.com' };
const REVIEW = { id: 9, name: 'review', ccList: [] };
const FLAG = { name: 'review', status: '+', isNew: false } as const;

const add = (change: Partial<AddAttachment> = {}): AddAttachment => ({
  kind: 'AddAttachment',
  actor: actor(USER),
  attachmentId: 7,
  commentId: 21,
  attachment: { fileName: 'notes.txt', summary: 'Notes', contentType: 'text/plain', isPatch: false, isPrivate: false },
  blob: { sha256: 'a'.repeat(64), size: 12 },
  comment: { body: '', isMarkdown: false },
  obsoletes: [],
  obsoleteOwners: {},
  rules: RULES,
  flagInputs: { attachment: [FLAG], bug: [] },
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
  flagInputs: { attachment: [FLAG], bug: [] },
  ...change,
});
const reviewed = (attachmentId: number | null, status: '?' | '+', requestee: UserRef | null = null): FlagsChangedData => ({
  bugId: 5,
  attachmentId,
  attachmentIsPrivate: attachmentId === null ? null : false,
  changedBy: USER,
  changes: [{ flagId: attachmentId ?? 4, reason: 'request', before: null, after: { type: REVIEW, status, setter: USER, requestee } }],
  participants: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
});
const accepted = (events: FlagsChangedData[], ccToAdd: UserRef[] = []): FlagOutcome => ({
  bugId: 5,
  ok: true,
  events,
  ccToAdd,
  changes: [],
});
const refused = (stage: 'extract' | 'rights' | 'apply', inputIndex = 0): FlagOutcome => ({
  bugId: 5,
  ok: false,
  stage,
  inputIndex,
  error: { code: 51, message: `refused at ${stage}` },
});
const withAttachment: readonly BugEvent[] = [
  ...created,
  ...bug
    .given(...created)
    .when(add({ flagInputs: { attachment: [], bug: [] } }))
    .events(),
];

describe('flags on attachments in bug decisions', () => {
  it('appends a new attachment with its flags, the requestees joining CC, then the comment: one append', () => {
    const events = bug
      .given(...created)
      .when(add({ flags: accepted([reviewed(7, '?', ANN), reviewed(null, '+')], [ANN]) }))
      .events();
    expect(typesOf(events)).toEqual(['AttachmentCreated', 'FlagsChanged', 'FlagsChanged', 'BugUpdated', 'CommentAdded']);
    const state = bug.given(...created, ...events).state as ExistingBug;
    expect(state.fields.cc).toEqual([ANN]);
    expect(state.flags.map((flag) => flag.attachmentId)).toEqual([7, null]);
  });

  it("places a create's flag refusal after the fields", () => {
    expect(
      bug
        .given(...created)
        .when(add({ flags: refused('apply') }))
        .refusal().message,
    ).toBe('refused at apply');
    const badSummary = add({ flags: refused('extract'), attachment: { ...add().attachment, summary: ' ' } });
    expect(
      bug
        .given(...created)
        .when(badSummary)
        .refusal().code,
    ).toBe(604);
  });

  it("places an update's extraction refusal before the fields and its application refusal after them", () => {
    const blank = { summary: ' ' };
    expect(
      bug
        .given(...withAttachment)
        .when(update({ changes: blank, flags: refused('extract') }))
        .refusal().code,
    ).toBe(51);
    expect(
      bug
        .given(...withAttachment)
        .when(update({ changes: blank, flags: refused('apply') }))
        .refusal().code,
    ).toBe(604);
    expect(
      bug
        .given(...withAttachment)
        .when(update({ flags: refused('apply', 1) }))
        .refusal().code,
    ).toBe(51);
  });

  it('lets a caller who may not edit the attachment change flags only, as the flags service decided', () => {
    const other = actor(OTHER);
    const events = bug
      .given(...withAttachment)
      .when(update({ actor: other, changes: { summary: 'ignored' }, flags: accepted([reviewed(7, '+')]) }))
      .events();
    expect(typesOf(events)).toEqual(['FlagsChanged']);
    expect(
      bug
        .given(...withAttachment)
        .when(update({ actor: other, flags: refused('rights') }))
        .refusal().message,
    ).toBe('refused at rights');
    const noFlags = update({ actor: other, flagInputs: { attachment: [], bug: [] } });
    expect(
      bug
        .given(...withAttachment)
        .when(noFlags)
        .refusal().message,
    ).toBe('You are not authorized to edit attachment 7.');
  });

  it('groups the inputs: the attachment, then the bug; per attachment with its rights and whether fields came along', () => {
    expect(addAttachmentFlagGroups(add({ flagInputs: { attachment: [FLAG], bug: [FLAG] } })).map((group) => group.attachmentId)).toEqual([
      7,
      null,
    ]);
    const state = bug.given(...withAttachment).state as ExistingBug;
    const groups = updateAttachmentsFlagGroups(update({ actor: actor(OTHER), changes: { isObsolete: true } }), state);
    expect(groups).toEqual([{ attachmentId: 7, flags: [FLAG], restrictToOwnFlags: true, otherChanges: true }]);
    expect(updateAttachmentsFlagGroups(update({ flagInputs: { attachment: [], bug: [FLAG] } }), state)).toEqual([
      { attachmentId: null, flags: [FLAG], restrictToOwnFlags: false, otherChanges: true },
    ]);
  });

  it('tells flags about the attachments after the change, and asks when one with pending requests becomes obsolete', () => {
    const before = bug.given(...withAttachment, { type: 'FlagsChanged', data: reviewed(7, '?') }).state as ExistingBug;
    const events = bug
      .given(...withAttachment)
      .when(update({ changes: { isObsolete: true }, flagInputs: { attachment: [], bug: [] } }))
      .events();
    const after = bug.given(...withAttachment, ...events).state as ExistingBug;
    const ask = flagDecisionRequest(before, after, []);
    expect(ask.attachments).toEqual([
      { id: 7, creatorId: USER.id, isPrivate: false, isObsolete: true, becameObsolete: true, isNew: false },
    ]);
    expect(needsFlagDecision(ask)).toBe(true);
    const granted = bug.given(...withAttachment, { type: 'FlagsChanged', data: reviewed(7, '+') }).state as ExistingBug;
    expect(needsFlagDecision(flagDecisionRequest(granted, after, []))).toBe(false);
  });
});
