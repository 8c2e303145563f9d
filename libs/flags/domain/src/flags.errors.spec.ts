import { registeredCodes } from '@tracker/testing';
import { FlagsErrors } from './flags.errors';

describe('flags errors', () => {
  it('raise only codes of the registry: these Bugzilla codes', () => {
    expect(registeredCodes(FlagsErrors)).toEqual([
      50, 51, 53, 105, 106, 129, 130, 131, 132, 133, 134, 304, 410, 501, 504, 1101, 1102, 1103, 1104, 1105, 32000,
    ]);
  });
});
