import { flagTypeChangesReport } from './flag-type-changes';

const P = { id: 1, name: 'RefProduct' };
const C = { id: 11, name: 'Backend' };

describe("FlagType.update's `changes` of one type", () => {
  it("reports Bugzilla's keys with booleans as 1/0, group ids as text and the cc list as stored", () => {
    expect(
      flagTypeChangesReport({
        changes: {
          name: 'review2',
          isActive: false,
          isRequesteeble: false,
          grantGroup: { id: 10, name: 'g' },
          requestGroup: null,
          ccList: ['a@example.com', 'b@example.com'],
        },
        before: {
          name: 'review1',
          isActive: true,
          isRequesteeble: true,
          grantGroup: null,
          requestGroup: { id: 11, name: 'r' },
          ccList: [],
        },
      }),
    ).toEqual({
      name: { removed: 'review1', added: 'review2' },
      is_active: { removed: '1', added: '0' },
      is_requesteeble: { removed: '1', added: '0' },
      grant_group_id: { removed: '', added: '10' },
      request_group_id: { removed: '11', added: '' },
      cc_list: { removed: '', added: 'a@example.com, b@example.com' },
    });
  });

  it('reports clusions as the Product:Component entries removed and added', () => {
    expect(
      flagTypeChangesReport({
        changes: {
          inclusions: [
            { product: P, component: C },
            { product: P, component: null },
          ],
          exclusions: [],
        },
        before: {
          inclusions: [
            { product: null, component: null },
            { product: P, component: null },
          ],
          exclusions: [{ product: P, component: C }],
        },
      }),
    ).toEqual({
      inclusions: { removed: '__Any__:__Any__', added: 'RefProduct:Backend' },
      exclusions: { removed: 'RefProduct:Backend', added: '' },
    });
  });
});
