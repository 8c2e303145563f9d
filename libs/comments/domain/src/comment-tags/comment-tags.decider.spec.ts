import type { CommentTagsEvent, DomainError } from '@tracker/contracts';
import { type CommentTagsCommand, type CommentTagsState, commentTagsDecider } from './comment-tags.decider';

function given(events: readonly CommentTagsEvent[]): { when: (command: Partial<CommentTagsCommand>) => readonly CommentTagsEvent[] | DomainError } {
  const state = events.reduce<CommentTagsState>(commentTagsDecider.evolve, commentTagsDecider.initialState());
  return {
    when: (command) =>
      commentTagsDecider.decide({ kind: 'UpdateCommentTags', commentId: 11, bugId: 4, creationTags: [], add: [], remove: [], ...command }, state),
  };
}

const updated = (added: string[], removed: string[], tags: string[]): CommentTagsEvent => ({
  type: 'CommentTagsUpdated',
  data: { commentId: 11, bugId: 4, added, removed, tags },
});

describe('comment tags decider', () => {
  it('adds tags and records the sorted list (golden 108)', () => {
    expect(given([]).when({ add: ['spam', 'needinfo-golden'] })).toEqual([
      updated(['spam', 'needinfo-golden'], [], ['needinfo-golden', 'spam']),
    ]);
  });

  it('starts from the tags the comment was created with', () => {
    expect(given([]).when({ creationTags: ['triage'], add: ['spam'] })).toEqual([updated(['spam'], [], ['spam', 'triage'])]);
  });

  it('starts from the last change once there is one, not from the creation tags', () => {
    expect(given([updated([], ['triage'], [])]).when({ creationTags: ['triage'], add: ['spam'] })).toEqual([
      updated(['spam'], [], ['spam']),
    ]);
  });

  it('ignores a tag the comment has in another letter case, and adds nothing twice in one call', () => {
    expect(given([updated(['Spam'], [], ['Spam'])]).when({ add: ['spam', 'SPAM'] })).toEqual([]);
    expect(given([]).when({ add: ['abc', 'ABC'] })).toEqual([updated(['abc'], [], ['abc'])]);
  });

  it('removes a tag whatever its case, keeping the spelling it had', () => {
    expect(given([updated(['Spam', 'obsolete'], [], ['obsolete', 'Spam'])]).when({ remove: ['SPAM'] })).toEqual([
      updated([], ['Spam'], ['obsolete']),
    ]);
  });

  it('changes nothing when removing a tag the comment does not have, or adding and removing the same', () => {
    expect(given([]).when({ remove: ['absent'] })).toEqual([]);
    expect(given([]).when({ add: ['brief'], remove: ['brief'] })).toEqual([]);
  });

  it('sorts case-insensitively with code-point ties', () => {
    expect(given([]).when({ add: ['beta', 'Alpha', 'alpha2', 'ALPHA'] })).toEqual([
      updated(['beta', 'Alpha', 'alpha2'], [], ['Alpha', 'alpha2', 'beta']),
    ]);
  });

  it.each([
    ['ab', 128, 'Comment tags must be at least 3 characters.'],
    ['a'.repeat(25), 127, 'Comment tags cannot be longer than 24 characters.'],
    ['no spaces', 126, 'The comment tag "no spaces" contains invalid characters or words.'],
    ['<b>bold</b>', 126, 'The comment tag "<b>bold</b>" contains invalid characters or words.'],
    ['ünïcode', 126, 'The comment tag "ünïcode" contains invalid characters or words.'],
  ])('refuses %j with %i', (tag, code, message) => {
    expect(given([]).when({ add: ['valid', tag] })).toMatchObject({ code, message });
    expect(given([]).when({ remove: [tag] })).toMatchObject({ code, message });
  });

  it('accepts exactly 3 and 24 characters of letters, digits, _ . -', () => {
    const longest = 'a_b.c-D9'.repeat(3);
    expect(given([]).when({ add: ['a.b', longest] })).toEqual([updated(['a.b', longest], [], ['a.b', longest])]);
  });

  it('checks tags to add before tags to remove', () => {
    expect(given([]).when({ add: ['x'], remove: ['y'.repeat(30)] })).toMatchObject({ code: 128 });
  });
});
