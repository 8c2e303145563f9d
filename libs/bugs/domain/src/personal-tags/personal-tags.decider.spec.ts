import type { BugTagsChanged } from '@tracker/contracts';
import { personalTagsDecider } from './personal-tags.decider';

const given = (...events: BugTagsChanged[]) => events.reduce(personalTagsDecider.evolve, personalTagsDecider.initialState());
const tagged = (added: string[], removed: string[] = []): BugTagsChanged => ({ type: 'BugTagsChanged', data: { userId: 2, bugId: 4, added, removed } });

describe('personal tags', () => {
  it('removes, then adds, lower-cased, each tag once', () => {
    expect(personalTagsDecider.decide({ kind: 'ChangeBugTags', userId: 2, bugId: 4, add: ['Later', 'later', 'Mine'], remove: ['old'] }, given(tagged(['old'])))).toEqual([
      tagged(['later', 'mine'], ['old']),
    ]);
  });

  it('writes nothing when the tags are already so', () => {
    expect(personalTagsDecider.decide({ kind: 'ChangeBugTags', userId: 2, bugId: 4, add: ['later'], remove: ['never'] }, given(tagged(['later'])))).toEqual([]);
  });

  it.each([
    ['an empty tag', '  ', 'You tried to create or remove a tag with no name.'],
    ['a tag of 65 characters', 'x'.repeat(65), 'The tag must be less than 64 characters long.'],
  ])('refuses %s', (_case, tag, message) => {
    expect(personalTagsDecider.decide({ kind: 'ChangeBugTags', userId: 2, bugId: 4, add: [tag], remove: [] }, given())).toMatchObject({ code: 32000, message });
  });
});
