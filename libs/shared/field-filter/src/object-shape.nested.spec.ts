import { FieldFilter } from './field-filter.decision';
import { filterObject } from './object-shape.filter';
import type { ObjectShape } from './object-shape.types';
import { given } from './fixtures/field-filter.fixture';

/** A product whose components carry flag types with their own shape: two levels deep. */
const DEEP_SHAPE: ObjectShape = {
  nested: { components: { nested: { flag_types: { types: { cc_list: ['extra'] } } } }, owner: {} },
};

const DEEP = {
  id: 1,
  owner: { id: 7, login: 'o' },
  components: [
    {
      id: 3,
      name: 'Backend',
      flag_types: [
        { id: 20, name: 'review', cc_list: 'x' },
        { id: 21, name: 'qa', cc_list: '' },
      ],
    },
  ],
};

describe('nested shapes', () => {
  it('given a nested single object then its fields are filtered under its name', () => {
    expect(filterObject(DEEP, DEEP_SHAPE, given(['owner.login']))).toEqual({ owner: { login: 'o' } });
  });

  it('given a nested value that is not an object then it is kept as it is', () => {
    const shape: ObjectShape = { nested: { a: {}, b: {}, c: {}, d: {} } };
    const when = new Date(0);
    const object = { a: null, b: 'text', c: ['x', null, { id: 1, name: 'n' }], d: when };
    expect(filterObject(object, shape, given(['a', 'b', 'c.name', 'd']))).toEqual({
      a: null,
      b: 'text',
      c: ['x', null, { name: 'n' }],
      d: when,
    });
  });

  it('given a field with no shape then it is kept whole even when a sub-field is named', () => {
    expect(filterObject({ id: 1, groups: [{ id: 8, name: 'g' }] }, {}, given(['groups.id']))).toEqual({
      groups: [{ id: 8, name: 'g' }],
    });
  });

  it('given an extra sub-field then it goes by default and comes with _all or its parent', () => {
    const flagTypes = (filter: FieldFilter): unknown => filterObject(DEEP, DEEP_SHAPE, filter).components;
    expect([flagTypes(new FieldFilter()), flagTypes(given(['_all'])), flagTypes(given(['components']))]).toEqual([
      [
        {
          id: 3,
          name: 'Backend',
          flag_types: [
            { id: 20, name: 'review' },
            { id: 21, name: 'qa' },
          ],
        },
      ],
      DEEP.components,
      DEEP.components,
    ]);
  });

  describe('two levels deep', () => {
    it('given include_fields=components.flag_types.id then only that path survives', () => {
      expect(filterObject(DEEP, DEEP_SHAPE, given(['components.flag_types.id']))).toEqual({
        components: [{ flag_types: [{ id: 20 }, { id: 21 }] }],
      });
    });

    it('given include_fields=components.flag_types then the flag types stay whole', () => {
      expect(filterObject(DEEP, DEEP_SHAPE, given(['components.flag_types']))).toEqual({
        components: [{ flag_types: DEEP.components[0]?.flag_types }],
      });
    });

    it('given include_fields=components then the whole subtree stays', () => {
      expect(filterObject(DEEP, DEEP_SHAPE, given(['components']))).toEqual({ components: DEEP.components });
    });

    it('given include_fields=components.name then flag types go', () => {
      expect(filterObject(DEEP, DEEP_SHAPE, given(['components.name']))).toEqual({ components: [{ name: 'Backend' }] });
    });

    it('given exclude_fields=components.flag_types.name then only that sub-sub-field goes', () => {
      expect(filterObject(DEEP, DEEP_SHAPE, given([], ['components.flag_types.name']))).toEqual({
        id: 1,
        owner: { id: 7, login: 'o' },
        components: [{ id: 3, name: 'Backend', flag_types: [{ id: 20 }, { id: 21 }] }],
      });
    });

    it('given include_fields=components and exclude_fields=components.flag_types then the middle level goes', () => {
      expect(filterObject(DEEP, DEEP_SHAPE, given(['components'], ['components.flag_types']))).toEqual({
        components: [{ id: 3, name: 'Backend' }],
      });
    });

    it('given a prefix passed in then the object is filtered as that sub-object', () => {
      const component = DEEP.components[0] ?? {};
      const componentShape = DEEP_SHAPE.nested?.components ?? {};
      expect(filterObject(component, componentShape, given(['components.flag_types.name']), 'components')).toEqual({
        flag_types: [{ name: 'review' }, { name: 'qa' }],
      });
    });
  });
});

describe('filterObject purity', () => {
  it('given an object then it is left untouched and a new object with the input key order comes back', () => {
    const object = { b: 1, a: 2, c: { d: 3, e: 4 } };
    const copy = structuredClone(object);
    const result = filterObject(object, { nested: { c: {} } }, given([], ['c.d']));
    expect([object, result, Object.keys(result), result === object]).toEqual([copy, { b: 1, a: 2, c: { e: 4 } }, ['b', 'a', 'c'], false]);
  });
});
