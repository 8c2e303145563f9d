import { registeredCodes } from '@tracker/testing';
import { IdentityErrors } from './identity.errors';

describe('identity errors', () => {
  it('raise only codes of the registry: these Bugzilla codes', () => {
    expect(registeredCodes(IdentityErrors)).toEqual([
      50, 51, 52, 300, 301, 304, 305, 306, 500, 501, 502, 505, 800, 801, 802, 803, 804, 805, 32000, 67399,
    ]);
  });
});
