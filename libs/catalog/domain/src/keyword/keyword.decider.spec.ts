import { deciderSpec } from '@tracker/testing';
import { keywordDecider } from './keyword.decider';

const keyword = deciderSpec(keywordDecider);
const created = { type: 'KeywordCreated', data: { keywordId: 5, name: 'ux', description: 'User experience' } } as const;

describe('keyword decider', () => {
  it('creates a keyword', () => {
    keyword
      .given()
      .when({ kind: 'CreateKeyword', keywordId: 5, name: 'ux ', description: 'User experience', nameInUse: null })
      .then([created]);
  });

  it.each([
    [{ name: '' }, 'You must enter a non-blank name for the keyword.'],
    [{ name: 'two words' }, 'You may not use commas or whitespace in a keyword name.'],
    [{ name: 'a,b' }, 'You may not use commas or whitespace in a keyword name.'],
    [{ nameInUse: 'UX' }, 'A keyword with the name ux already exists.'],
    [{ description: '' }, 'You must enter a non-blank description for the keyword.'],
  ])('given %p it refuses: %s', (change, message) => {
    keyword
      .given()
      .when({ kind: 'CreateKeyword', keywordId: 5, name: 'ux', description: 'd', nameInUse: null, ...change })
      .thenRefuses(32000, message);
  });

  it('renames a keyword', () => {
    keyword
      .given(created)
      .when({ kind: 'UpdateKeyword', name: 'usability', nameInUse: null })
      .then([{ type: 'KeywordUpdated', data: { keywordId: 5, name: 'usability', changes: { name: { from: 'ux', to: 'usability' } } } }]);
  });
});
