import { registeredCodes } from '@tracker/testing';
import { CommentErrors } from './comments.errors';

describe('comments errors', () => {
  it('raise only codes of the registry: these Bugzilla codes', () => {
    expect(registeredCodes(CommentErrors)).toEqual([50, 52, 54, 57, 101, 109, 110, 111, 113, 114, 125, 126, 127, 128, 304]);
  });
});
