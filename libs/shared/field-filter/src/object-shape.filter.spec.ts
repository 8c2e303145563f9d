import { FieldFilter } from './field-filter.decision';
import { filterObject, filterObjects } from './object-shape.filter';
import type { ObjectShape } from './object-shape.types';
import { given } from './fixtures/field-filter.fixture';

const ISSUE_SHAPE: ObjectShape = {
  types: { notes: ['extra'] },
  typeOf: (field) => (field.startsWith('x_') ? ['default', 'custom'] : ['default']),
  companions: { owner_detail: 'owner', watchers_detail: 'watchers' },
  nested: { owner_detail: {}, watchers_detail: {}, parts: { types: { weight: ['extra'] } }, meta: {} },
  unfiltered: ['always'],
};

const ISSUE = {
  id: 1,
  title: 'Title',
  notes: 'extra notes',
  x_team: 'core',
  owner: 'ann@example.com',
  owner_detail: { id: 5, name: 'ann@example.com', real_name: 'Ann' },
  watchers: ['bob@example.com'],
  watchers_detail: [{ id: 6, name: 'bob@example.com', real_name: 'Bob' }],
  parts: [
    { id: 10, label: 'a', weight: 3 },
    { id: 11, label: 'b', weight: 4 },
  ],
  meta: { origin: 'web', depth: 2 },
  always: 'here',
};

describe('filterObject', () => {
  describe('given no lists', () => {
    it('then default, custom, nested and unfiltered fields stay and extras go, also below', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, new FieldFilter())).toEqual({
        id: 1,
        title: 'Title',
        x_team: 'core',
        owner: 'ann@example.com',
        owner_detail: { id: 5, name: 'ann@example.com', real_name: 'Ann' },
        watchers: ['bob@example.com'],
        watchers_detail: [{ id: 6, name: 'bob@example.com', real_name: 'Bob' }],
        parts: [
          { id: 10, label: 'a' },
          { id: 11, label: 'b' },
        ],
        meta: { origin: 'web', depth: 2 },
        always: 'here',
      });
    });
  });

  describe('given include_fields=title', () => {
    it('then only title and the unfiltered field stay (no id)', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['title']))).toEqual({ title: 'Title', always: 'here' });
    });
  });

  it('given invalid names among the included then they select nothing, but an invalid sub-field name still turns on its parent', () => {
    expect(filterObject(ISSUE, ISSUE_SHAPE, given(['nope', 'id', 'parts.nope']))).toEqual({
      id: 1,
      parts: [{}, {}],
      always: 'here',
    });
  });

  it('given invalid names in exclude_fields then nothing else changes', () => {
    expect(filterObject({ id: 1, title: 'T' }, {}, given([], ['nope', 'title.nope']))).toEqual({ id: 1, title: 'T' });
  });

  describe('field types', () => {
    it('given include_fields=_custom then only the custom field and the unfiltered one stay', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['_custom']))).toEqual({ x_team: 'core', always: 'here' });
    });

    it('given include_fields=_extra then the extra field stays and defaults go', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['_extra']))).toEqual({ notes: 'extra notes', always: 'here' });
    });

    it('given a type in the types map then it wins over typeOf', () => {
      const shape: ObjectShape = { types: { x_hidden: ['extra'] }, typeOf: () => ['default', 'custom'] };
      expect(filterObject({ x_hidden: 1, x_shown: 2 }, shape, new FieldFilter())).toEqual({ x_shown: 2 });
    });

    it('given neither map nor typeOf then every field is default', () => {
      expect(filterObject({ a: 1, b: 2 }, {}, given(['_default']))).toEqual({ a: 1, b: 2 });
    });

    it('given include_fields=_all then every field stays, extras below included', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['_all']))).toEqual(ISSUE);
    });

    it('given exclude_fields=_all then only the unfiltered field stays', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given([], ['_all']))).toEqual({ always: 'here' });
    });
  });

  describe('companions', () => {
    it('given the companion excluded by name then it still follows its base field', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['id', 'owner'], ['owner_detail']))).toEqual({
        id: 1,
        owner: 'ann@example.com',
        owner_detail: { id: 5, name: 'ann@example.com', real_name: 'Ann' },
        always: 'here',
      });
    });

    it('given the companion included by name without its base then it is dropped', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['id', 'owner_detail']))).toEqual({ id: 1, always: 'here' });
    });

    it('given the base excluded then its companion goes with it', () => {
      const result = filterObject(ISSUE, ISSUE_SHAPE, given([], ['watchers']));
      expect([result.watchers, result.watchers_detail, result.owner_detail]).toEqual([
        undefined,
        undefined,
        { id: 5, name: 'ann@example.com', real_name: 'Ann' },
      ]);
    });

    it('given a sub-field named under the base then the companion is filtered under the base name', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['owner.name']))).toEqual({
        owner: 'ann@example.com',
        owner_detail: { name: 'ann@example.com' },
        always: 'here',
      });
    });

    it('given an array companion then each element is filtered under the base name', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['watchers.id']))).toEqual({
        watchers: ['bob@example.com'],
        watchers_detail: [{ id: 6 }],
        always: 'here',
      });
    });

    it('given a sub-field excluded under the base then the companion loses it', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['owner'], ['owner.real_name']))).toEqual({
        owner: 'ann@example.com',
        owner_detail: { id: 5, name: 'ann@example.com' },
        always: 'here',
      });
    });

    it('given a sub-field excluded under the companion name then nothing changes (names follow the base)', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['owner'], ['owner_detail.real_name']))).toEqual({
        owner: 'ann@example.com',
        owner_detail: { id: 5, name: 'ann@example.com', real_name: 'Ann' },
        always: 'here',
      });
    });

    it('given a companion of an unfiltered base then it is always emitted', () => {
      const shape: ObjectShape = { unfiltered: ['login'], companions: { login_detail: 'login' } };
      expect(filterObject({ id: 1, login: 'a', login_detail: { x: 1 } }, shape, given(['id']))).toEqual({
        id: 1,
        login: 'a',
        login_detail: { x: 1 },
      });
    });

    it('given a companion whose base is extra then it follows the base type', () => {
      const shape: ObjectShape = { types: { reviewer: ['extra'] }, companions: { reviewer_detail: 'reviewer' } };
      const object = { id: 1, reviewer: 'r', reviewer_detail: { id: 9 } };
      expect([filterObject(object, shape, new FieldFilter()), filterObject(object, shape, given(['_extra']))]).toEqual([
        { id: 1 },
        { reviewer: 'r', reviewer_detail: { id: 9 } },
      ]);
    });
  });

  describe('unfiltered fields', () => {
    it('given them excluded by name then they still stay', () => {
      expect(filterObject(ISSUE, ISSUE_SHAPE, given(['id'], ['always']))).toEqual({ id: 1, always: 'here' });
    });

    it('given the object lacks them then they are not invented', () => {
      expect(filterObject({ id: 1 }, ISSUE_SHAPE, given(['title']))).toEqual({});
    });
  });
});

describe('filterObjects', () => {
  it('given several objects then each is filtered alike, in order', () => {
    const objects = [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ];
    expect(filterObjects(objects, {}, given(['id']))).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('given a prefix then each object is filtered as a sub-object', () => {
    expect(filterObjects([{ id: 1, name: 'n' }], {}, given(['components.name']), 'components')).toEqual([{ name: 'n' }]);
  });

  it('given no objects then it yields none', () => {
    expect(filterObjects([], {}, new FieldFilter())).toEqual([]);
  });
});
