import type { FlagTypeClusion } from '@tracker/contracts';
import { appliesTo, listedForProduct } from './flag-type-scope';

const P = { id: 1, name: 'P' };
const Q = { id: 2, name: 'Q' };
const C1 = { id: 11, name: 'C1' };
const C2 = { id: 12, name: 'C2' };
const any: FlagTypeClusion = { product: null, component: null };
const p: FlagTypeClusion = { product: P, component: null };
const q: FlagTypeClusion = { product: Q, component: null };
const pC1: FlagTypeClusion = { product: P, component: C1 };
const pC2: FlagTypeClusion = { product: P, component: C2 };

describe('where a flag type applies (docs/flags.md §2.4)', () => {
  it.each([
    ['included everywhere', [any], [], true],
    ['included for the product', [p], [], true],
    ['included for the component', [pC1], [], true],
    ['included for another component', [pC2], [], false],
    ['included for another product', [q], [], false],
    ['no inclusions at all', [], [], false],
    ['excluded for the component', [any], [pC1], false],
    ['excluded for another component', [any], [pC2], true],
    ['excluded for the product', [pC1], [p], false],
    ['excluded everywhere (exclusions win)', [pC1], [any], false],
  ])('to P/C1 when %s: %p', (_case, inclusions, exclusions, expected) => {
    expect(appliesTo({ inclusions, exclusions }, P.id, C1.id)).toBe(expected);
  });

  it.each([
    ['included everywhere', [any], [], true],
    ['included for the product', [p], [], true],
    ['included for one component only (golden 124: needinfo1)', [pC1], [], true],
    ['included for another product', [q], [], false],
    ['excluded for any product', [p], [any], false],
    ['excluded for the product as a whole', [any], [p], false],
    ['excluded for the included component', [pC1], [pC1], false],
    ['included for two components, one excluded', [pC1, pC2], [pC1], true],
    ['included for the product, one component excluded', [p], [pC2], true],
    ['excluded for another product', [any], [q], true],
  ])('is listed for the product P when %s: %p', (_case, inclusions, exclusions, expected) => {
    expect(listedForProduct({ inclusions, exclusions }, P.id)).toBe(expected);
  });
});
