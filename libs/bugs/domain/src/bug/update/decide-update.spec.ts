import type { BugEvent, BugFields } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { formatChanges } from '../../history/format-changes';
import { ADMIN, OTHER, SECRET_GROUP, USER, USER_ACTOR, actor, goldenBugCreated, typesOf, updateBug as update } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { ExistingBug } from '../bug.state';

const bug = deciderSpec(bugDecider);

/** Bug 4 of the golden recordings, as created (golden 53). */
const GOLDEN: BugEvent = goldenBugCreated();

const withFields = (fields: Partial<BugFields>, reporter = ADMIN): BugEvent =>
  GOLDEN.type === 'BugCreated'
    ? { type: 'BugCreated', data: { ...GOLDEN.data, reporter, fields: { ...GOLDEN.data.fields, ...fields } } }
    : GOLDEN;

/** The `changes` Bugzilla reports, from the events decided on `given`. */
function reported(events: readonly BugEvent[], given: readonly BugEvent[] = [GOLDEN]): Record<string, { added: string; removed: string }> {
  const before = bug.given(...given).state as ExistingBug;
  const updated = events.find((event) => event.type === 'BugUpdated');
  if (updated?.type !== 'BugUpdated') return {};
  return Object.fromEntries(
    formatChanges(before.fields, updated.data.changes, true).map((row) => [row.field, { added: row.added, removed: row.removed }]),
  );
}

describe('update bug', () => {
  it('golden 81: status, priority, cc, keywords, comment with work time, whiteboard, remaining time, blocks', () => {
    const events = bug
      .given(GOLDEN)
      .when(
        update({
          status: 'IN_PROGRESS',
          priority: 'High',
          cc: { add: ['admin@example.com'] },
          keywords: { add: ['regression'] },
          comment: { body: 'Taking this.', isPrivate: false, isMarkdown: false },
          whiteboard: '[golden][taken]',
          remainingTime: 3,
          workTime: 1.5,
          blocks: { add: ['1'] },
        }),
      )
      .events();
    expect(typesOf(events)).toEqual(['BugUpdated', 'CommentAdded']);
    expect(reported(events)).toEqual({
      priority: { added: 'High', removed: 'Normal' },
      status: { removed: 'CONFIRMED', added: 'IN_PROGRESS' },
      whiteboard: { removed: '[golden]', added: '[golden][taken]' },
      cc: { removed: '', added: 'admin@example.com' },
      keywords: { removed: '', added: 'regression' },
      remaining_time: { added: '3', removed: '4.50' },
      blocks: { added: '1', removed: '' },
    });
    expect(events[1]).toEqual({
      type: 'CommentAdded',
      data: {
        bugId: 4,
        commentId: 11,
        count: 1,
        text: 'Taking this.',
        isPrivate: false,
        isMarkdown: false,
        workTime: 1.5,
        tags: [],
        attachmentId: null,
        attachmentNote: null,
        addedText: null,
        author: ADMIN,
        participants: { assignee: 1, qaContact: null, reporter: 1, cc: [1, 2] },
      },
    });
  });

  it('deducts work time from the remaining time when no remaining time is given', () => {
    const events = bug
      .given(GOLDEN)
      .when(update({ workTime: 1 }))
      .events();
    expect(reported(events)).toEqual({ remaining_time: { added: '3.5', removed: '4.50' } });
    expect(typesOf(events)).toEqual(['BugUpdated', 'CommentAdded']);
  });

  it('golden 83: resolving FIXED closes the bug and zeroes the remaining time', () => {
    const events = bug
      .given(GOLDEN)
      .when(update({ status: 'RESOLVED', resolution: 'FIXED', comment: { body: 'Fixed in r1.', isPrivate: false, isMarkdown: false } }))
      .events();
    expect(reported(events)).toEqual({
      resolution: { removed: '', added: 'FIXED' },
      status: { removed: 'CONFIRMED', added: 'RESOLVED' },
      remaining_time: { removed: '4.50', added: '0' },
    });
  });

  it('golden 84: a change to the same value changes nothing and writes nothing', () => {
    expect(
      bug
        .given(GOLDEN)
        .when(update({ priority: 'Normal', summary: 'Golden bug: widget renders upside down', cc: { add: ['user@example.com'] } }))
        .events(),
    ).toEqual([]);
  });

  it('reopening clears the resolution and the duplicate', () => {
    const closed = withFields({ status: 'RESOLVED', isOpen: false, resolution: 'DUPLICATE', dupeOf: 5 });
    const events = bug
      .given(closed)
      .when(update({ status: 'CONFIRMED' }))
      .events();
    expect(reported(events, [closed])).toEqual({
      status: { removed: 'RESOLVED', added: 'CONFIRMED' },
      resolution: { removed: 'DUPLICATE', added: '' },
      dupe_of: { removed: '5', added: '' },
    });
  });

  it('dupe_of resolves the bug as DUPLICATE and adds the note to the update comment', () => {
    const events = bug
      .given(GOLDEN)
      .when(update({ dupeOf: '5', comment: { body: 'Same thing.', isPrivate: false, isMarkdown: false } }))
      .events();
    expect(reported(events)).toEqual({
      dupe_of: { removed: '', added: '5' },
      status: { removed: 'CONFIRMED', added: 'RESOLVED' },
      resolution: { removed: '', added: 'DUPLICATE' },
      remaining_time: { removed: '4.50', added: '0' },
    });
    expect(events[1]).toMatchObject({
      type: 'CommentAdded',
      data: { text: 'Same thing.', addedText: '*** This bug has been marked as a duplicate of bug 5 ***' },
    });
  });

  it('dupe_of without a comment adds an empty comment carrying the note', () => {
    const events = bug
      .given(GOLDEN)
      .when(update({ dupeOf: '5' }))
      .events();
    expect(events[1]).toMatchObject({
      type: 'CommentAdded',
      data: { text: '', addedText: '*** This bug has been marked as a duplicate of bug 5 ***' },
    });
  });

  it.each([
    ['an unknown status (golden 85)', { status: 'BOGUS' }, {}, 51, "There is no status named 'BOGUS'."],
    [
      'a move outside the workflow',
      { status: 'VERIFIED' },
      {},
      123,
      'You are not allowed to change the bug status from CONFIRMED to VERIFIED.',
    ],
    ['closing without a resolution', { status: 'RESOLVED' }, {}, 121, 'A valid resolution is required to mark bugs as RESOLVED.'],
    ['a resolution on an open bug', { resolution: 'FIXED' }, {}, 122, 'You cannot set a resolution for open bugs.'],
    [
      'DUPLICATE without dupe_of',
      { status: 'RESOLVED', resolution: 'DUPLICATE' },
      {},
      119,
      'You must specify a bug id to mark this bug as a duplicate of.',
    ],
    [
      'a duplicate of itself',
      { dupeOf: '4' },
      { bugRefs: new Map([['4', { bugId: 4 }]]) },
      118,
      'You cannot mark bug 4 as a duplicate of itself.',
    ],
    [
      'a duplicate loop',
      { dupeOf: '5' },
      { dupeChain: new Map([[5, 4]]) },
      118,
      'You cannot mark bug 4 as a duplicate of bug 5, because it would create a duplicate loop.',
    ],
    [
      'dupe_of for several bugs',
      { dupeOf: '5' },
      { bugCount: 2 },
      32000,
      'You cannot mark bugs as duplicates when changing several bugs at once.',
    ],
    [
      'an alias for several bugs',
      { alias: { set: ['x'] } },
      { bugCount: 2 },
      103,
      'You cannot set aliases when modifying multiple bugs at once.',
    ],
    ['an empty assignee', { assignedTo: ' ' }, {}, 50, 'To reassign a bug, you must provide an address for the new assignee.'],
    [
      'a private comment without insider',
      { comment: { body: 'x', isPrivate: true, isMarkdown: false } },
      { actor: USER_ACTOR },
      113,
      'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
    ],
    [
      'privacy of a comment of another bug',
      { commentIsPrivate: { '99': true } },
      {},
      117,
      'You tried to modify the privacy of comment id 99, but that is not a valid comment on this bug.',
    ],
    [
      'time tracking without timetracker',
      { estimatedTime: 2 },
      { actor: USER_ACTOR },
      115,
      'You tried to change the Orig. Est. field from 4.5 to 2, but only a user with the required permissions may change that field.',
    ],
    [
      'a component of another product',
      { product: 'OtherProduct' },
      {},
      51,
      "There is no component named 'RefComponent' in the 'OtherProduct' product.",
    ],
    [
      'a dependency on itself',
      { dependsOn: { add: ['4'] } },
      { bugRefs: new Map([['4', { bugId: 4 }]]) },
      116,
      "You can't make a bug block itself or depend on itself.",
    ],
    ['an unknown keyword', { keywords: { add: ['nope'] } }, {}, 51, "There is no keyword named 'nope'."],
    [
      'removing a group the bug is not in',
      { groups: { remove: ['refsecret'] } },
      {},
      120,
      "You tried to remove bug 4 from the 'refsecret' group, but either this group does not exist, or you are not allowed to remove bugs from this group in the 'RefProduct' product.",
    ],
  ])('refuses %s', (_case, input, overrides, code, message) => {
    expect(bug.given(GOLDEN).when(update(input, overrides)).refusal()).toEqual({ code, message });
  });

  describe('who may change what', () => {
    const outsider = actor(OTHER);
    const reported_by_other = withFields({}, OTHER);

    it('refuses a user without editbugs who is neither reporter, assignee nor QA contact', () => {
      expect(
        bug
          .given(GOLDEN)
          .when(update({ priority: 'High' }, { actor: outsider }))
          .refusal(),
      ).toEqual({
        code: 115,
        message:
          'You tried to change the Priority field from Normal to High, but only the assignee or reporter of the bug, or a user with the required permissions may change that field.',
      });
    });

    it('lets the reporter change the summary and resolve, but not reassign or move between open statuses', () => {
      expect(
        typesOf(
          bug
            .given(reported_by_other)
            .when(update({ summary: 'Better' }, { actor: outsider }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
      expect(
        typesOf(
          bug
            .given(reported_by_other)
            .when(update({ status: 'RESOLVED', resolution: 'FIXED' }, { actor: outsider }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
      expect(
        bug
          .given(reported_by_other)
          .when(update({ assignedTo: 'user@example.com' }, { actor: outsider }))
          .refusal().message,
      ).toBe(
        'You tried to change the Assignee field from admin@example.com to user@example.com, but only the assignee of the bug, or a user with the required permissions may change that field.',
      );
      expect(
        bug
          .given(reported_by_other)
          .when(update({ status: 'IN_PROGRESS' }, { actor: outsider }))
          .refusal().code,
      ).toBe(123);
    });

    it('lets the assignee change anything but time tracking', () => {
      const assigned = withFields({ assignee: OTHER });
      expect(
        typesOf(
          bug
            .given(assigned)
            .when(update({ priority: 'High', status: 'IN_PROGRESS' }, { actor: outsider }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
    });

    it('needs canconfirm to confirm an UNCONFIRMED bug', () => {
      const unconfirmed = withFields({ status: 'UNCONFIRMED', isConfirmed: false }, OTHER);
      expect(
        bug
          .given(unconfirmed)
          .when(update({ status: 'CONFIRMED' }, { actor: outsider }))
          .refusal().code,
      ).toBe(123);
      expect(
        typesOf(
          bug
            .given(unconfirmed)
            .when(update({ status: 'CONFIRMED' }, { actor: actor(OTHER, { canconfirm: true }) }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
    });

    it('lets anyone who may edit add CC members, but only privileged users remove others', () => {
      expect(
        typesOf(
          bug
            .given(reported_by_other)
            .when(update({ cc: { add: ['other@example.com'] } }, { actor: outsider }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
      expect(
        bug
          .given(reported_by_other)
          .when(update({ cc: { remove: ['user@example.com'] } }, { actor: outsider }))
          .refusal().message,
      ).toBe('You do not have permission to remove other people from the CC list.');
      expect(
        typesOf(
          bug
            .given(reported_by_other)
            .when(update({ cc: { remove: ['user@example.com'] } }, { actor: actor(USER) }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
    });

    it('refuses a bug in a group the actor is not in with 102, unless they are involved', () => {
      const secret = withFields({ groups: [SECRET_GROUP], cc: [] }, OTHER);
      expect(
        bug
          .given(secret)
          .when(update({ summary: 'x' }, { actor: USER_ACTOR }))
          .refusal(),
      ).toEqual({ code: 102, message: 'You are not authorized to access bug #4.' });
      expect(
        typesOf(
          bug
            .given(secret)
            .when(update({ summary: 'x' }, { actor: outsider }))
            .events(),
        ),
      ).toEqual(['BugUpdated']);
    });
  });

  it('moves a bug to another product with its component, dropping groups that are not valid there', () => {
    const secret = withFields({ groups: [SECRET_GROUP] });
    const events = bug
      .given(secret)
      .when(update({ product: 'OtherProduct', component: 'Main', version: 'unspecified', targetMilestone: '---' }))
      .events();
    expect(reported(events, [secret])).toEqual({
      product: { removed: 'RefProduct', added: 'OtherProduct' },
      component: { removed: 'RefComponent', added: 'Main' },
      version: { removed: '1.0', added: 'unspecified' },
      target_milestone: { removed: 'M1', added: '---' },
      groups: { removed: 'refsecret', added: '' },
    });
  });

  it('resets the assignee and QA contact to the new component defaults, with its default CC', () => {
    const events = bug
      .given(GOLDEN)
      .when(update({ component: 'Backend', resetAssignedTo: true, resetQaContact: true }))
      .events();
    expect(reported(events)).toEqual({
      component: { removed: 'RefComponent', added: 'Backend' },
      assigned_to: { removed: 'admin@example.com', added: 'user@example.com' },
      qa_contact: { removed: '', added: 'admin@example.com' },
      cc: { removed: '', added: 'other@example.com' },
    });
  });

  it('edits aliases: set becomes adds and removes, case-only changes replace', () => {
    expect(
      reported(
        bug
          .given(GOLDEN)
          .when(update({ alias: { set: ['Golden-1', 'second'] } }))
          .events(),
      ),
    ).toEqual({
      alias: { removed: 'golden-1', added: 'Golden-1, second' },
    });
  });

  it('changes comment privacy as an insider', () => {
    expect(
      bug
        .given(GOLDEN)
        .when(update({ commentIsPrivate: { '10': true } }))
        .events(),
    ).toEqual([
      {
        type: 'CommentPrivacyChanged',
        data: {
          bugId: 4,
          commentId: 10,
          isPrivate: true,
          changedBy: ADMIN,
          participants: { assignee: 1, qaContact: null, reporter: 1, cc: [2] },
        },
      },
    ]);
  });
});
