import type { BugTagsChanged } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { personalTagsDecider } from './personal-tags.decider';

const tags = deciderSpec(personalTagsDecider);
const tagged = (added: string[], removed: string[] = []): BugTagsChanged => ({
  type: 'BugTagsChanged',
  data: { userId: 2, bugId: 4, added, removed },
});

describe('personal tags', () => {
  it('removes, then adds, lower-cased, each tag once', () => {
    tags
      .given(tagged(['old']))
      .when({ kind: 'ChangeBugTags', userId: 2, bugId: 4, add: ['Later', 'later', 'Mine'], remove: ['old'] })
      .then([tagged(['later', 'mine'], ['old'])]);
  });

  it('writes nothing when the tags are already so', () => {
    tags
      .given(tagged(['later']))
      .when({ kind: 'ChangeBugTags', userId: 2, bugId: 4, add: ['later'], remove: ['never'] })
      .then([]);
  });

  it.each([
    ['an empty tag', '  ', 'You tried to create or remove a tag with no name.'],
    ['a tag of 65 characters', 'x'.repeat(65), 'The tag must be less than 64 characters long.'],
  ])('refuses %s', (_case, tag, message) => {
    tags
      .given()
      .when({ kind: 'ChangeBugTags', userId: 2, bugId: 4, add: [tag], remove: [] })
      .thenRefuses(32000, message);
  });
});
