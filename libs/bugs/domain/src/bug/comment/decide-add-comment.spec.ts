import { deciderSpec } from '@tracker/testing';
import { ADMIN_ACTOR, MINIMAL_INPUT, RULES, USER, actor, createBug, typesOf } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { AddComment } from './add-comment.command';

const bug = deciderSpec(bugDecider);
const created = bug
  .given()
  .when(createBug({ ...MINIMAL_INPUT, summary: 'S', estimatedTime: 4 }, { bugId: 5, commentId: 20 }))
  .events();

const comment = (change: Partial<AddComment>): AddComment => ({
  kind: 'AddComment',
  actor: actor(USER, { editbugs: true }),
  commentId: 21,
  text: 'Seen it too.  \r\n',
  isPrivate: false,
  isMarkdown: false,
  workTime: 0,
  tags: [],
  rules: RULES,
  ...change,
});

describe('add comment', () => {
  it('appends the comment with the next count and the text normalised', () => {
    bug
      .given(...created)
      .when(comment({}))
      .then([
        {
          type: 'CommentAdded',
          data: {
            bugId: 5,
            commentId: 21,
            count: 1,
            text: 'Seen it too.',
            isPrivate: false,
            isMarkdown: false,
            workTime: 0,
            tags: [],
            attachmentId: null,
            attachmentNote: null,
            addedText: null,
            author: USER,
            participants: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
          },
        },
      ]);
  });

  it('deducts work time from the remaining time for a timetracker', () => {
    const events = bug
      .given(...created)
      .when(comment({ actor: ADMIN_ACTOR, workTime: 1.5 }))
      .events();
    expect(typesOf(events)).toEqual(['BugUpdated', 'CommentAdded']);
    expect(events[0]).toMatchObject({ data: { changes: { remainingTime: 2.5 } } });
    expect(events[1]).toMatchObject({ data: { workTime: 1.5 } });
  });

  it.each([
    ['a blank comment', { text: ' \n ' }, 50, 'The function requires a comment argument, and that argument was not set.'],
    ['a comment over 65,535 characters', { text: 'x'.repeat(65_536) }, 114, 'Comments cannot be longer than 65535 characters.'],
    [
      'a private comment from a non-insider',
      { isPrivate: true },
      113,
      'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
    ],
    [
      'work time from a non-timetracker',
      { workTime: 1 },
      115,
      'You tried to change the Hours Worked field, but only a user with the required permissions may change that field.',
    ],
    [
      'work time over 99999.99',
      { actor: ADMIN_ACTOR, workTime: 100_000 },
      54,
      "The value '100000' in the Hours Worked field is more than the maximum allowable value of '99999.99'.",
    ],
  ])('refuses %s', (_case, change, code, message) => {
    bug
      .given(...created)
      .when(comment(change))
      .thenRefuses(code, message);
  });
});
