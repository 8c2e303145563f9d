import { currentVersion, upcastData } from '../../events/stream-type';
import { productStreamType } from './product.events';

describe('GroupControlChanged versions', () => {
  const inProduct = { productId: 3, productName: 'Widgets', groupId: 12 };
  const control = { entry: true, memberControl: 'DEFAULT', otherControl: 'NA', canEdit: false };

  it('is written at version 2', () => {
    expect(currentVersion(productStreamType, 'GroupControlChanged')).toBe(2);
  });

  it('reads version 1 with editcomponents false on both sides, a removal kept null', () => {
    expect(upcastData(productStreamType, 'GroupControlChanged', 1, { ...inProduct, previous: null, control })).toEqual({
      ...inProduct,
      previous: null,
      control: { ...control, editcomponents: false },
    });
    expect(upcastData(productStreamType, 'GroupControlChanged', 1, { ...inProduct, previous: control, control: null })).toEqual({
      ...inProduct,
      previous: { ...control, editcomponents: false },
      control: null,
    });
  });

  it('reads version 2 as stored', () => {
    const data = { ...inProduct, previous: null, control: { ...control, editcomponents: true } };
    expect(upcastData(productStreamType, 'GroupControlChanged', 2, data)).toEqual(data);
  });
});
