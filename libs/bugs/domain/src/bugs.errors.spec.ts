import { registeredCodes } from '@tracker/testing';
import { BugErrors } from './bugs.errors';

describe('bugs errors', () => {
  it('raise only codes of the registry: these Bugzilla codes', () => {
    expect(registeredCodes(BugErrors)).toEqual([
      50, 51, 52, 54, 55, 56, 100, 101, 102, 103, 104, 105, 106, 107, 109, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 126,
      127, 128, 410, 504, 1300, 32000,
    ]);
  });
});
