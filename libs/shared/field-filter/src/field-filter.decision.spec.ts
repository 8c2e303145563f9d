import { FieldFilter } from './field-filter.decision';
import { CUSTOM, DEFAULT, EXTRA, given } from './fixtures/field-filter.fixture';

describe('FieldFilter.wants', () => {
  describe('given no lists (include empty means include_types = {default})', () => {
    const filter = new FieldFilter();

    it('then default fields are wanted', () => {
      expect(filter.wants('summary', DEFAULT)).toBe(true);
    });

    it('then types default to ["default"] when not given', () => {
      expect(filter.wants('summary')).toBe(true);
    });

    it('then custom fields (default and custom) are wanted', () => {
      expect(filter.wants('cf_ticket', CUSTOM)).toBe(true);
    });

    it('then extra fields are not wanted', () => {
      expect(filter.wants('tags', EXTRA)).toBe(false);
    });

    it('then a field of an unknown type is not wanted', () => {
      expect(filter.wants('secret', ['private'])).toBe(false);
    });

    it('then a field with no type at all is not wanted', () => {
      expect(filter.wants('summary', [])).toBe(false);
    });

    it('then a default sub-field is wanted under any prefix', () => {
      expect(filter.wants('name', DEFAULT, 'components')).toBe(true);
    });
  });

  describe('given empty lists passed explicitly', () => {
    it('then it behaves as no lists', () => {
      const filter = given([], []);
      expect([filter.wants('summary'), filter.wants('tags', EXTRA)]).toEqual([true, false]);
    });
  });

  describe('rule a/b: explicit names', () => {
    it('given include_fields=summary then summary is wanted and id is not', () => {
      const filter = given(['summary']);
      expect([filter.wants('summary'), filter.wants('id')]).toEqual([true, false]);
    });

    it('given include_fields=tags then the extra field is wanted by name', () => {
      expect(given(['tags']).wants('tags', EXTRA)).toBe(true);
    });

    it('given exclude_fields=summary then summary is not wanted and other defaults are', () => {
      const filter = given([], ['summary']);
      expect([filter.wants('summary'), filter.wants('id')]).toEqual([false, true]);
    });

    it('given a name in both lists then exclude beats include', () => {
      expect(given(['summary'], ['summary']).wants('summary')).toBe(false);
    });

    it('given a name in another case then it does not match (names are case-sensitive)', () => {
      const filter = given(['ID']);
      expect([filter.wants('id'), filter.wants('ID')]).toEqual([false, true]);
    });

    it('given an invalid name then it only matches a field of that name', () => {
      const filter = given(['nope', 'id']);
      expect([filter.wants('id'), filter.wants('summary'), filter.wants('nope')]).toEqual([true, false, true]);
    });
  });

  describe('rule c/d: _all', () => {
    it('given include_fields=_all then every type is wanted', () => {
      const filter = given(['_all']);
      expect([
        filter.wants('summary', DEFAULT),
        filter.wants('tags', EXTRA),
        filter.wants('cf_ticket', CUSTOM),
        filter.wants('secret', ['private']),
        filter.wants('summary', []),
      ]).toEqual([true, true, true, true, true]);
    });

    it('given exclude_fields=_all then nothing unnamed is wanted', () => {
      const filter = given([], ['_all']);
      expect([filter.wants('summary'), filter.wants('tags', EXTRA)]).toEqual([false, false]);
    });

    it('given include_fields=summary and exclude_fields=_all then the named field beats _all', () => {
      const filter = given(['summary'], ['_all']);
      expect([filter.wants('summary'), filter.wants('id')]).toEqual([true, false]);
    });

    it('given include_fields=_all and exclude_fields=summary then the excluded name is dropped', () => {
      const filter = given(['_all'], ['summary']);
      expect([filter.wants('summary'), filter.wants('id'), filter.wants('tags', EXTRA)]).toEqual([false, true, true]);
    });

    it('given _all in both lists then exclusion wins', () => {
      expect(given(['_all'], ['_all']).wants('summary')).toBe(false);
    });

    it('given include_fields=_all and exclude_fields=_extra then _all is tested first and extras stay', () => {
      expect(given(['_all'], ['_extra']).wants('tags', EXTRA)).toBe(true);
    });

    it('given exclude_fields=_all then a type included by _extra does not save a field', () => {
      expect(given(['_extra'], ['_all']).wants('tags', EXTRA)).toBe(false);
    });
  });

  describe('rule e: field types', () => {
    it('given include_fields=_custom then only custom fields are wanted (no defaults added)', () => {
      const filter = given(['_custom']);
      expect([filter.wants('cf_ticket', CUSTOM), filter.wants('summary'), filter.wants('tags', EXTRA)]).toEqual([true, false, false]);
    });

    it('given include_fields=_default then defaults are wanted, extras are not', () => {
      const filter = given(['_default']);
      expect([filter.wants('summary'), filter.wants('cf_ticket', CUSTOM), filter.wants('tags', EXTRA)]).toEqual([true, true, false]);
    });

    it('given include_fields=_default,_extra then defaults and extras are wanted', () => {
      const filter = given(['_default', '_extra']);
      expect([filter.wants('summary'), filter.wants('tags', EXTRA)]).toEqual([true, true]);
    });

    it('given include_fields=_extra alone then defaults are not wanted', () => {
      const filter = given(['_extra']);
      expect([filter.wants('summary'), filter.wants('tags', EXTRA)]).toEqual([false, true]);
    });

    it('given include_fields=id,_extra then the named field and extras are wanted', () => {
      const filter = given(['id', '_extra']);
      expect([filter.wants('id'), filter.wants('summary'), filter.wants('tags', EXTRA)]).toEqual([true, false, true]);
    });

    it('given exclude_fields=_custom then custom fields are dropped although they are default too', () => {
      const filter = given([], ['_custom']);
      expect([filter.wants('cf_ticket', CUSTOM), filter.wants('summary')]).toEqual([false, true]);
    });

    it('given exclude_fields=_default then default and custom fields are dropped', () => {
      const filter = given([], ['_default']);
      expect([filter.wants('summary'), filter.wants('cf_ticket', CUSTOM)]).toEqual([false, false]);
    });

    it('given include_fields=_custom and exclude_fields=_default then an excluded type beats an included one', () => {
      expect(given(['_custom'], ['_default']).wants('cf_ticket', CUSTOM)).toBe(false);
    });

    it('given _extra in both lists then exclusion wins', () => {
      expect(given(['_extra'], ['_extra']).wants('tags', EXTRA)).toBe(false);
    });

    it('given include_fields=tags and exclude_fields=_extra then the name beats the excluded type', () => {
      expect(given(['tags'], ['_extra']).wants('tags', EXTRA)).toBe(true);
    });

    it('given include_fields=_extra and exclude_fields=tags then the excluded name beats the type', () => {
      expect(given(['_extra'], ['tags']).wants('tags', EXTRA)).toBe(false);
    });

    it('given an installation-defined type _private then fields of that type are selectable', () => {
      const filter = given(['_private']);
      expect([filter.wants('secret', ['private']), filter.wants('summary')]).toEqual([true, false]);
    });

    it('given a lone "_" then include is not empty, so defaults are not added', () => {
      expect(given(['_']).wants('summary')).toBe(false);
    });

    it('given the same name asked with other types then the answer follows the types (no cache by name)', () => {
      const filter = given(['_custom']);
      expect([filter.wants('cf_ticket', CUSTOM), filter.wants('cf_ticket', EXTRA)]).toEqual([true, false]);
    });
  });

  describe('rule g: without prefix, a named sub-field turns on its parent', () => {
    it('given include_fields=assigned_to.name then assigned_to is wanted', () => {
      expect(given(['assigned_to.name']).wants('assigned_to')).toBe(true);
    });

    it('given include_fields=assigned_to.name then a field that only starts alike is not wanted', () => {
      const filter = given(['assigned_to.name']);
      expect([filter.wants('assigned'), filter.wants('assigned_to_detail'), filter.wants('id')]).toEqual([false, false, false]);
    });

    it('given the parent excluded then its named sub-field does not save it', () => {
      expect(given(['assigned_to.name'], ['assigned_to']).wants('assigned_to')).toBe(false);
    });

    it('given _all excluded then a named sub-field does not save its parent', () => {
      expect(given(['assigned_to.name'], ['_all']).wants('assigned_to')).toBe(false);
    });
  });
});
