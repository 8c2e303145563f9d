// Product.get filtering checked against the objects recorded from a real Bugzilla
// (/work/shared/reference/golden/36-38): components, versions and milestones are filtered
// under their names, flag_types is kept or dropped whole.
import { GOLDEN_PRODUCT, PRODUCT_SHAPE } from './fixtures/golden-product.fixture';
import { fieldSelection } from './field-list.parser';
import { without } from './fixtures/without.fixture';
import { FieldFilter } from './field-filter.decision';
import { filterObject } from './object-shape.filter';

function filterProduct(include?: unknown, exclude?: unknown): Partial<typeof GOLDEN_PRODUCT> {
  return filterObject(GOLDEN_PRODUCT, PRODUCT_SHAPE, new FieldFilter(fieldSelection(include, exclude)));
}

const COMPONENTS_WITHOUT_DESCRIPTION = GOLDEN_PRODUCT.components.map((component) => without(component, 'description'));

describe('Product.get golden recordings', () => {
  it('36: given no lists then the whole product comes back', () => {
    expect(filterProduct()).toEqual(GOLDEN_PRODUCT);
  });

  it('37: given include_fields=id,name,components.name then components keep only their name', () => {
    expect(filterProduct('id,name,components.name')).toEqual({
      name: 'RefProduct',
      components: [{ name: 'Backend' }, { name: 'RefComponent' }],
      id: 2,
    });
  });

  it('38: given include_fields=name then only the name comes back', () => {
    expect(filterProduct('name')).toEqual({ name: 'RefProduct' });
  });
});

describe('Product.get sub-fields', () => {
  it('given include_fields=components then whole components come back', () => {
    expect(filterProduct('components')).toEqual({ components: GOLDEN_PRODUCT.components });
  });

  it('given exclude_fields=components.description then only that sub-field goes', () => {
    expect(filterProduct(undefined, 'components.description')).toEqual({
      ...GOLDEN_PRODUCT,
      components: COMPONENTS_WITHOUT_DESCRIPTION,
    });
  });

  it('given include_fields=id,components&exclude_fields=components.description then the main field stays without it', () => {
    expect(filterProduct('id,components', 'components.description')).toEqual({
      id: 2,
      components: COMPONENTS_WITHOUT_DESCRIPTION,
    });
  });

  it('given exclude_fields=components then the whole list goes, whatever its sub-fields', () => {
    expect(filterProduct('_default,components.name', 'components')).toEqual(without(GOLDEN_PRODUCT, 'components'));
  });

  it('given include_fields=components.flag_types then flag types come back whole and alone', () => {
    expect(filterProduct('components.flag_types')).toEqual({
      components: [{ flag_types: { bug: [], attachment: [] } }, { flag_types: { bug: [], attachment: [] } }],
    });
  });

  it('given include_fields=components.flag_types.bug then flag types are dropped (no sub-fields declared there)', () => {
    expect(filterProduct('components.flag_types.bug')).toEqual({ components: [{}, {}] });
  });

  it('given include_fields=versions.name,milestones.name then each list keeps names only', () => {
    expect(filterProduct('versions.name milestones.name')).toEqual({
      versions: [{ name: '1.0' }, { name: '2.0' }],
      milestones: [{ name: '---' }, { name: 'M1' }, { name: 'M2' }],
    });
  });

  it('given include_fields=components.name,components.id then components keep both', () => {
    expect(filterProduct(['components.name', 'components.id'])).toEqual({
      components: [
        { id: 3, name: 'Backend' },
        { id: 2, name: 'RefComponent' },
      ],
    });
  });
});
