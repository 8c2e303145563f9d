import type { CommentTagsEvent } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { commentTagsDecider, type UpdateCommentTags } from './comment-tags.decider';

const comment = deciderSpec(commentTagsDecider);
const tagging = (change: Partial<UpdateCommentTags>): UpdateCommentTags => ({
  kind: 'UpdateCommentTags',
  commentId: 11,
  bugId: 4,
  creationTags: [],
  add: [],
  remove: [],
  ...change,
});

const updated = (added: string[], removed: string[], tags: string[]): CommentTagsEvent => ({
  type: 'CommentTagsUpdated',
  data: { commentId: 11, bugId: 4, added, removed, tags },
});

describe('comment tags decider', () => {
  it('adds tags and records the sorted list (golden 108)', () => {
    comment
      .given()
      .when(tagging({ add: ['spam', 'needinfo-golden'] }))
      .then([updated(['spam', 'needinfo-golden'], [], ['needinfo-golden', 'spam'])]);
  });

  it('starts from the tags the comment was created with', () => {
    comment
      .given()
      .when(tagging({ creationTags: ['triage'], add: ['spam'] }))
      .then([updated(['spam'], [], ['spam', 'triage'])]);
  });

  it('starts from the last change once there is one, not from the creation tags', () => {
    comment
      .given(updated([], ['triage'], []))
      .when(tagging({ creationTags: ['triage'], add: ['spam'] }))
      .then([updated(['spam'], [], ['spam'])]);
  });

  it('ignores a tag the comment has in another letter case, and adds nothing twice in one call', () => {
    comment
      .given(updated(['Spam'], [], ['Spam']))
      .when(tagging({ add: ['spam', 'SPAM'] }))
      .then([]);
    comment
      .given()
      .when(tagging({ add: ['abc', 'ABC'] }))
      .then([updated(['abc'], [], ['abc'])]);
  });

  it('removes a tag whatever its case, keeping the spelling it had', () => {
    comment
      .given(updated(['Spam', 'obsolete'], [], ['obsolete', 'Spam']))
      .when(tagging({ remove: ['SPAM'] }))
      .then([updated([], ['Spam'], ['obsolete'])]);
  });

  it('changes nothing when removing a tag the comment does not have, or adding and removing the same', () => {
    comment
      .given()
      .when(tagging({ remove: ['absent'] }))
      .then([]);
    comment
      .given()
      .when(tagging({ add: ['brief'], remove: ['brief'] }))
      .then([]);
  });

  it('sorts case-insensitively with code-point ties', () => {
    comment
      .given()
      .when(tagging({ add: ['beta', 'Alpha', 'alpha2', 'ALPHA'] }))
      .then([updated(['beta', 'Alpha', 'alpha2'], [], ['Alpha', 'alpha2', 'beta'])]);
  });

  it.each([
    ['ab', 128, 'Comment tags must be at least 3 characters.'],
    ['a'.repeat(25), 127, 'Comment tags cannot be longer than 24 characters.'],
    ['no spaces', 126, 'The comment tag "no spaces" contains invalid characters or words.'],
    ['<b>bold</b>', 126, 'The comment tag "<b>bold</b>" contains invalid characters or words.'],
    ['ünïcode', 126, 'The comment tag "ünïcode" contains invalid characters or words.'],
  ])('refuses %j with %i', (tag, code, message) => {
    comment
      .given()
      .when(tagging({ add: ['valid', tag] }))
      .thenRefuses(code, message);
    comment
      .given()
      .when(tagging({ remove: [tag] }))
      .thenRefuses(code, message);
  });

  it('accepts exactly 3 and 24 characters of letters, digits, _ . -', () => {
    const longest = 'a_b.c-D9'.repeat(3);
    comment
      .given()
      .when(tagging({ add: ['a.b', longest] }))
      .then([updated(['a.b', longest], [], ['a.b', longest])]);
  });

  it('checks tags to add before tags to remove', () => {
    comment
      .given()
      .when(tagging({ add: ['x'], remove: ['y'.repeat(30)] }))
      .thenRefuses(128);
  });
});
