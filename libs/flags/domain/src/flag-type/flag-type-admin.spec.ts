import type { FlagTypeClusion } from '@tracker/contracts';
import { checkFlagTypeRights, flagTypeRights } from './flag-type-admin';

const P = { id: 1, name: 'P' };
const Q = { id: 2, name: 'Q' };
const C1 = { id: 11, name: 'C1' };
const any: FlagTypeClusion = { product: null, component: null };
const p: FlagTypeClusion = { product: P, component: null };
const q: FlagTypeClusion = { product: Q, component: null };
const pC1: FlagTypeClusion = { product: P, component: C1 };
const global = { loggedIn: true, global: true, productIds: [] };
const pAdmin = { loggedIn: true, global: false, productIds: [P.id] };

describe("who may administer flag types (Bugzilla's check_can_admin_flagtype, docs/flags.md §2.3)", () => {
  it.each([
    ['logged out', { loggedIn: false, global: false, productIds: [] }, 'add', 410],
    ['logged in, administering nothing', { loggedIn: true, global: false, productIds: [] }, 'add', 304],
    ['editing, administering nothing', { loggedIn: true, global: false, productIds: [] }, 'edit', 304],
    ['administering one product', pAdmin, 'add', undefined],
    ['global editcomponents', global, 'edit', undefined],
  ] as const)('%s: %p', (_case, admin, action, code) => {
    expect(checkFlagTypeRights(admin, action)?.code).toBe(code);
  });

  it('words the refusal as Bugzilla does', () => {
    expect(checkFlagTypeRights({ loggedIn: true, global: false, productIds: [] }, 'edit')?.message).toBe(
      "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete flag types.",
    );
  });

  it.each([
    ['global editcomponents, any type', global, [q], [], 'full'],
    ['a type only in their product', pAdmin, [p], [], 'full'],
    ['a type on a component of their product', pAdmin, [pC1], [], 'full'],
    ['a type with no inclusions', pAdmin, [], [], 'none'],
    ['a type everywhere: scope only, "any product" is not theirs', pAdmin, [any], [], 'scope'],
    ['a type in their product and another', pAdmin, [p, q], [], 'scope'],
    ['a type only in another product', pAdmin, [q], [], 'none'],
    ['a type excluded from their product as a whole', pAdmin, [any], [p], 'none'],
    ['a type excluded everywhere', pAdmin, [p], [any], 'none'],
    ['a type on a component of theirs that is excluded', pAdmin, [pC1], [pC1], 'none'],
  ])('%s: %p', (_case, admin, inclusions, exclusions, rights) => {
    expect(flagTypeRights(admin, { inclusions, exclusions })).toBe(rights);
  });
});
