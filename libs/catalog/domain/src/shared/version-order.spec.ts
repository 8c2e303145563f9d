import { compareVersions } from './version-order';

describe('compareVersions (Bugzilla vers_cmp)', () => {
  it.each([
    [
      ['2.0', '1.0', '10.0', '1.10', '1.9'],
      ['1.0', '1.9', '1.10', '2.0', '10.0'],
    ],
    [
      ['unspecified', '1.0'],
      ['1.0', 'unspecified'],
    ],
    [
      ['1.0-beta', '1.0', '1.0.1'],
      ['1.0', '1.0-beta', '1.0.1'],
    ],
    [
      ['B', 'a', 'C'],
      ['a', 'B', 'C'],
    ],
    [
      ['0.1', '0.01'],
      ['0.01', '0.1'],
    ],
  ])('sorts %p as %p', (input, expected) => {
    expect([...input].sort(compareVersions)).toEqual(expected);
  });

  it('treats equal versions as equal, whatever their case', () => {
    expect(compareVersions('Alpha', 'alpha')).toBe(0);
  });
});
