import { fieldSelection, parseFieldList } from './field-list.parser';

describe('parseFieldList', () => {
  describe('given a string', () => {
    it.each([
      ['commas', 'id,summary,status'],
      ['spaces', 'id summary status'],
      ['plus signs', 'id+summary+status'],
      ['tabs and newlines', 'id\tsummary\nstatus'],
      ['a mix of separators', 'id, summary+ status'],
    ])('when it is separated by %s then it yields each name', (_, value) => {
      expect(parseFieldList(value)).toEqual(['id', 'summary', 'status']);
    });

    it('when it holds a single name then it yields that name', () => {
      expect(parseFieldList('summary')).toEqual(['summary']);
    });

    it('when separators repeat, lead or trail then empty pieces are dropped', () => {
      expect(parseFieldList(',,id,, +summary, ')).toEqual(['id', 'summary']);
    });

    it.each([[''], [' '], [',+, ']])('when it is only separators (%j) then it yields no names', (value) => {
      expect(parseFieldList(value)).toEqual([]);
    });

    it('when names differ in case then the case is kept (names are case-sensitive)', () => {
      expect(parseFieldList('ID,Summary')).toEqual(['ID', 'Summary']);
    });

    it('when it holds dotted names and shortcuts then they are kept verbatim', () => {
      expect(parseFieldList('components.name,_all,_default')).toEqual(['components.name', '_all', '_default']);
    });

    it('when a name repeats then it is kept in order, repeats included', () => {
      expect(parseFieldList('id,summary,id')).toEqual(['id', 'summary', 'id']);
    });
  });

  describe('given an array (a repeated query parameter)', () => {
    it('when its elements are single names then it yields them in order', () => {
      expect(parseFieldList(['id', 'summary'])).toEqual(['id', 'summary']);
    });

    it('when its elements hold separators then each element is split too', () => {
      expect(parseFieldList(['id,summary', 'status cc+flags'])).toEqual(['id', 'summary', 'status', 'cc', 'flags']);
    });

    it('when it holds non-strings then they are ignored', () => {
      expect(parseFieldList([1, null, 'id', undefined, { name: 'x' }, ['summary'], true])).toEqual(['id']);
    });

    it('when it is empty then it yields no names', () => {
      expect(parseFieldList([])).toEqual([]);
    });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a boolean', true],
    ['an object', { include_fields: 'id' }],
  ])('given %s when parsed then it yields no names', (_, value) => {
    expect(parseFieldList(value)).toEqual([]);
  });
});

describe('fieldSelection', () => {
  it('given both lists when built then each is parsed', () => {
    expect(fieldSelection('id,summary', ['cc_detail flags', 'tags'])).toEqual({
      include: ['id', 'summary'],
      exclude: ['cc_detail', 'flags', 'tags'],
    });
  });

  it('given no lists when built then both are empty', () => {
    expect(fieldSelection(undefined, null)).toEqual({ include: [], exclude: [] });
  });
});
