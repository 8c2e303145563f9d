import type { ProductEvent } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import type { CreateProduct, UpdateProduct } from './product.commands';
import { productDecider } from './product.decider';

const product = deciderSpec(productDecider);
const create: CreateProduct = {
  kind: 'CreateProduct',
  productId: 3,
  versionId: 4,
  milestoneId: 5,
  name: '  Widget ',
  description: 'All about widgets',
  version: '1.0',
  defaultMilestone: undefined,
  classification: { id: 1, name: 'Unclassified' },
  isActive: true,
  allowsUnconfirmed: false,
  nameInUse: null,
  useTargetMilestone: true,
};
const inWidget = { productId: 3, productName: 'Widget' };
const created: ProductEvent[] = [
  {
    type: 'ProductCreated',
    data: {
      productId: 3,
      name: 'Widget',
      description: 'All about widgets',
      classification: { id: 1, name: 'Unclassified' },
      isActive: true,
      allowsUnconfirmed: false,
      defaultMilestone: '---',
    },
  },
  { type: 'VersionCreated', data: { ...inWidget, versionId: 4, name: '1.0', isActive: true } },
  { type: 'MilestoneCreated', data: { ...inWidget, milestoneId: 5, name: '---', sortKey: 0, isActive: true } },
];
const withComponent: ProductEvent = {
  type: 'ComponentCreated',
  data: {
    ...inWidget,
    componentId: 7,
    name: 'Engine',
    description: 'Runs',
    defaultAssigneeId: 1,
    defaultQaContactId: null,
    defaultCcIds: [],
    isActive: true,
  },
};

describe('product decider: creating a product', () => {
  it('creates the product with its first version and default milestone, names trimmed', () => {
    product.given().when(create).then(created);
  });

  it.each([
    [{ name: ' ' }, 700, 'You must enter a name for the product.'],
    [{ name: 'x'.repeat(65) }, 701, `The name of a product is limited to 64 characters. '${'x'.repeat(65)}' is too long (65 characters).`],
    [{ nameInUse: 'Widget' }, 702, "The product name 'Widget' already exists."],
    [{ nameInUse: 'WIDGET' }, 702, "The product name 'Widget' differs from existing product 'WIDGET' only in case."],
    [{ description: '' }, 703, 'You must enter a description for this product.'],
    [{ version: undefined }, 704, 'You must enter a valid version to create a new product.'],
  ])('given %p it refuses with %p', (change, code, message) => {
    product
      .given()
      .when({ ...create, ...change })
      .thenRefuses(code, message);
  });

  it('uses the given default milestone only when target milestones are in use', () => {
    const events = product
      .given()
      .when({ ...create, defaultMilestone: 'M1' })
      .events();
    expect(events[2]).toMatchObject({ data: { name: 'M1' } });
    const without = product
      .given()
      .when({ ...create, defaultMilestone: 'M1', useTargetMilestone: false })
      .events();
    expect(without[2]).toMatchObject({ data: { name: '---' } });
  });
});

describe('product decider: updating a product', () => {
  it('reports only what changes', () => {
    product
      .given(...created)
      .when({
        kind: 'UpdateProduct',
        description: 'New',
        defaultMilestone: '---',
        isActive: true,
        nameInUse: null,
        useTargetMilestone: true,
      })
      .then([{ type: 'ProductUpdated', data: { ...inWidget, changes: { description: { from: 'All about widgets', to: 'New' } } } }]);
  });

  it('appends nothing when nothing changes', () => {
    product
      .given(...created)
      .when({ kind: 'UpdateProduct', name: 'Widget', nameInUse: null, useTargetMilestone: true })
      .then([]);
  });

  it('refuses a default milestone the product does not have, with 705', () => {
    product
      .given(...created)
      .when({ kind: 'UpdateProduct', defaultMilestone: 'M9', nameInUse: null, useTargetMilestone: true })
      .thenRefuses(705, "You must create the milestone 'M9' before it can be made the default milestone for product 'Widget'.");
  });

  it('renames and names the product by its new name', () => {
    product
      .given(...created)
      .when({ kind: 'UpdateProduct', name: 'Gadget', nameInUse: null, useTargetMilestone: true })
      .then([
        { type: 'ProductUpdated', data: { productId: 3, productName: 'Gadget', changes: { name: { from: 'Widget', to: 'Gadget' } } } },
      ]);
  });
});

describe('product decider: components', () => {
  const createComponent = {
    kind: 'CreateComponent',
    componentId: 7,
    name: 'Engine',
    description: 'Runs',
    defaultAssigneeId: 1,
    defaultQaContactId: null,
    defaultCcIds: [],
    isActive: true,
  } as const;

  it('creates a component', () => {
    product
      .given(...created)
      .when(createComponent)
      .then([withComponent]);
  });

  it.each([
    [{ name: '' }, 32000, 'You must enter a name for this new component.'],
    [{ name: 'e'.repeat(65) }, 105, undefined],
    [{ name: 'ENGINE' }, 1200, 'The Widget product already has a component named Engine.'],
    [{ description: ' ' }, 32000, 'You must enter a non-blank description for this component.'],
    [{ defaultAssigneeId: null }, 32000, 'A default assignee is required for this component.'],
  ])('given %p it refuses with %p', (change, code, message) => {
    const history = 'name' in change && change.name === 'ENGINE' ? [...created, withComponent] : created;
    product
      .given(...history)
      .when({ ...createComponent, componentId: 8, ...change })
      .thenRefuses(code, message);
  });

  it('updates a component, CC lists compared as sets', () => {
    product
      .given(...created, withComponent)
      .when({ kind: 'UpdateComponent', componentId: 7, defaultCcIds: [], defaultQaContactId: 4, isActive: false })
      .then([
        {
          type: 'ComponentUpdated',
          data: {
            ...inWidget,
            componentId: 7,
            name: 'Engine',
            changes: { defaultQaContactId: { from: null, to: 4 }, isActive: { from: true, to: false } },
          },
        },
      ]);
  });

  it('refuses an unknown component id with 51', () => {
    product
      .given(...created)
      .when({ kind: 'UpdateComponent', componentId: 99, name: 'X' })
      .thenRefuses(51, "There is no component with the id '99'.");
  });
});

describe('product decider: versions and milestones', () => {
  it('refuses a version name the product has, whatever its case', () => {
    product
      .given(...created)
      .when({ kind: 'CreateVersion', versionId: 9, name: '1.0', isActive: true })
      .thenRefuses(32000, "The version '1.0' already exists for product 'Widget'.");
  });

  it('refuses a milestone sort key outside a SMALLINT', () => {
    product
      .given(...created)
      .when({ kind: 'CreateMilestone', milestoneId: 9, name: 'M1', sortKey: 40000, isActive: true })
      .thenRefuses(32000);
  });

  it('renaming the default milestone renames the product default', () => {
    const renamed: ProductEvent = {
      type: 'MilestoneUpdated',
      data: { ...inWidget, milestoneId: 5, name: 'none', changes: { name: { from: '---', to: 'none' } } },
    };
    product
      .given(...created)
      .when({ kind: 'UpdateMilestone', milestoneId: 5, name: 'none' })
      .then([renamed]);
    product
      .given(...created, renamed)
      .when({ kind: 'UpdateProduct', defaultMilestone: 'none', nameInUse: null, useTargetMilestone: true })
      .then([]);
  });
});

describe('product decider: group controls', () => {
  const group = { id: 12, name: 'secret' };
  const controls = (groupControls: UpdateProduct['groupControls']): UpdateProduct => ({
    kind: 'UpdateProduct',
    groupControls,
    nameInUse: null,
    useTargetMilestone: true,
  });

  it('sets a control and removes it again when it says nothing', () => {
    const set: ProductEvent = {
      type: 'GroupControlChanged',
      data: {
        ...inWidget,
        groupId: 12,
        previous: null,
        control: { entry: true, memberControl: 'DEFAULT', otherControl: 'NA', canEdit: false, editcomponents: false },
      },
    };
    product
      .given(...created)
      .when(controls([{ group, isActiveBugGroup: true, settings: { entry: true, memberControl: 'DEFAULT', otherControl: 'NA' } }]))
      .then([set]);
    product
      .given(...created, set)
      .when(controls([{ group, isActiveBugGroup: true, settings: { entry: false, memberControl: 'NA' } }]))
      .then([{ type: 'GroupControlChanged', data: { ...inWidget, groupId: 12, previous: set.data.control, control: null } }]);
  });

  it('renames and sets controls in one decision, the controls naming the new product name', () => {
    const events = product
      .given(...created)
      .when({ ...controls([{ group, isActiveBugGroup: true, settings: { canEdit: true } }]), name: 'Gadget' })
      .events();
    expect(events.map((e) => [e.type, 'productName' in e.data ? e.data.productName : undefined])).toEqual([
      ['ProductUpdated', 'Gadget'],
      ['GroupControlChanged', 'Gadget'],
    ]);
  });

  it('refuses every change when one control is illegal', () => {
    product
      .given(...created)
      .when({ ...controls([{ group, isActiveBugGroup: true, settings: { memberControl: 'MANDATORY' } }]), description: 'changed' })
      .thenRefuses(32000);
  });

  it.each([
    ['NA', 'SHOWN'],
    ['DEFAULT', 'SHOWN'],
    ['MANDATORY', 'NA'],
  ] as const)('refuses the illegal combination %s/%s', (memberControl, otherControl) => {
    product
      .given(...created)
      .when(controls([{ group, isActiveBugGroup: true, settings: { memberControl, otherControl } }]))
      .thenRefuses(32000, 'Your group control combination for group "secret" is illegal.');
  });

  it('refuses a group that is not an active bug group', () => {
    product
      .given(...created)
      .when(controls([{ group, isActiveBugGroup: false, settings: { entry: true } }]))
      .thenRefuses(32000, 'secret is not an active bug group and so you cannot edit group controls for it.');
  });
});
