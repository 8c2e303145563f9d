import { CUSTOM, DEFAULT, EXTRA, given } from './fixtures/field-filter.fixture';

describe('FieldFilter.wants under a prefix', () => {
  describe('rule f: with a prefix the tested name is prefix.field', () => {
    it('given include_fields=components.name then only that sub-field is wanted', () => {
      const filter = given(['id', 'name', 'components.name']);
      expect([filter.wants('name', DEFAULT, 'components'), filter.wants('id', DEFAULT, 'components')]).toEqual([true, false]);
    });

    it('given include_fields=components.name then the top-level name is tested on its own', () => {
      const filter = given(['components.name']);
      expect([filter.wants('name'), filter.wants('components')]).toEqual([false, true]);
    });

    it('given include_fields=components then every sub-field is wanted (the parent is included)', () => {
      const filter = given(['components']);
      expect([filter.wants('id', DEFAULT, 'components'), filter.wants('secret', EXTRA, 'components')]).toEqual([true, true]);
    });

    it('given exclude_fields=components.description then only that sub-field is dropped', () => {
      const filter = given([], ['components.description']);
      expect([
        filter.wants('components'),
        filter.wants('description', DEFAULT, 'components'),
        filter.wants('name', DEFAULT, 'components'),
        filter.wants('description'),
      ]).toEqual([true, false, true, true]);
    });

    it('given include_fields=components and exclude_fields=components.description then the main field stays without it', () => {
      const filter = given(['components'], ['components.description']);
      expect([
        filter.wants('components'),
        filter.wants('description', DEFAULT, 'components'),
        filter.wants('name', DEFAULT, 'components'),
      ]).toEqual([true, false, true]);
    });

    it('given include_fields=_custom then custom sub-fields are wanted under a prefix too', () => {
      const filter = given(['_custom']);
      expect([filter.wants('cf_x', CUSTOM, 'parent'), filter.wants('id', DEFAULT, 'parent')]).toEqual([true, false]);
    });

    it('given include_fields=id then a sub-field of an unnamed parent is not wanted', () => {
      expect(given(['id']).wants('id', DEFAULT, 'components')).toBe(false);
    });

    it('given an empty prefix then it is no prefix (as Perl treats "")', () => {
      const filter = given(['name.first']);
      expect(filter.wants('name', DEFAULT, '')).toBe(true);
    });

    it('given a sub-field of a sub-field named then the middle field is not wanted by wants', () => {
      expect(given(['components.flag_types.id']).wants('flag_types', DEFAULT, 'components')).toBe(false);
    });
  });

  describe('prefixes two levels deep', () => {
    const PREFIX = 'components.flag_types';

    it('given include_fields=components then the grandparent keeps its whole subtree', () => {
      expect(given(['components']).wants('id', DEFAULT, PREFIX)).toBe(true);
    });

    it('given include_fields=components.flag_types then the parent keeps its sub-fields', () => {
      expect(given(['components.flag_types']).wants('id', DEFAULT, PREFIX)).toBe(true);
    });

    it('given include_fields=components.flag_types.id then only that sub-field is wanted', () => {
      const filter = given(['components.flag_types.id']);
      expect([filter.wants('id', DEFAULT, PREFIX), filter.wants('name', DEFAULT, PREFIX)]).toEqual([true, false]);
    });

    it('given include_fields=components.name then nothing under flag_types is wanted', () => {
      expect(given(['components.name']).wants('id', DEFAULT, PREFIX)).toBe(false);
    });

    it('given a component-like name that is not an ancestor then nothing is wanted', () => {
      expect(given(['components.flag']).wants('id', DEFAULT, PREFIX)).toBe(false);
    });

    it('given include_fields=components and exclude_fields=components.flag_types.name then that one is dropped', () => {
      const filter = given(['components'], ['components.flag_types.name']);
      expect([filter.wants('name', DEFAULT, PREFIX), filter.wants('id', DEFAULT, PREFIX)]).toEqual([false, true]);
    });
  });
});

describe('FieldFilter.wantsBranch', () => {
  it.each<[string, readonly string[], readonly string[], string, boolean]>([
    ['no lists', [], [], 'components', true],
    ['include_fields=components.name', ['components.name'], [], 'components', true],
    ['include_fields=id', ['id'], [], 'components', false],
    ['exclude_fields=components', [], ['components'], 'components', false],
  ])('given %s at the top level then it answers as wants', (_, include, exclude, field, expected) => {
    const filter = given(include, exclude);
    expect([filter.wantsBranch(field), filter.wants(field)]).toEqual([expected, expected]);
  });

  it('given include_fields=components.flag_types.id then the middle field is wanted', () => {
    expect(given(['components.flag_types.id']).wantsBranch('flag_types', DEFAULT, 'components')).toBe(true);
  });

  it('given the middle field excluded then a named sub-field does not save it', () => {
    const filter = given(['components.flag_types.id'], ['components.flag_types']);
    expect(filter.wantsBranch('flag_types', DEFAULT, 'components')).toBe(false);
  });

  it('given include_fields=components then the middle field is wanted through its parent', () => {
    expect(given(['components']).wantsBranch('flag_types', DEFAULT, 'components')).toBe(true);
  });

  it('given include_fields=components.name then the middle field is not wanted', () => {
    expect(given(['components.name']).wantsBranch('flag_types', DEFAULT, 'components')).toBe(false);
  });
});
