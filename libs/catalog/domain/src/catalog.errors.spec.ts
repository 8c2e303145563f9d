import { registeredCodes } from '@tracker/testing';
import { CatalogErrors } from './catalog.errors';

describe('catalog errors', () => {
  it('raise only codes of the registry: these Bugzilla codes', () => {
    expect(registeredCodes(CatalogErrors)).toEqual([50, 51, 105, 106, 304, 410, 700, 701, 702, 703, 704, 705, 900, 1200, 32000]);
  });
});
