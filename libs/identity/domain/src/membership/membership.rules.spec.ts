import { blessableGroupIds } from './bless.rules';
import { MembershipRules } from './membership.rules';

// a fresh installation's shape: admin(1) is granted membership of every later group,
// bz_canusewhines(11) is inherited by editbugs(8) and bz_canusewhineatothers(10)
const groups = [
  { id: 1, userRegexp: '', memberGroupIds: [], blessGroupIds: [] },
  { id: 3, userRegexp: '', memberGroupIds: [1], blessGroupIds: [1] },
  { id: 8, userRegexp: '.*', memberGroupIds: [1], blessGroupIds: [1] },
  { id: 10, userRegexp: '', memberGroupIds: [1], blessGroupIds: [1] },
  { id: 11, userRegexp: '', memberGroupIds: [1, 8, 10], blessGroupIds: [1] },
  { id: 17, userRegexp: '@QA\\.example\\.com$', memberGroupIds: [1], blessGroupIds: [1, 3] },
];

describe('membership rules', () => {
  const rules = new MembershipRules(groups);

  it('given a plain user, then editbugs by regexp and bz_canusewhines inherited from it', () => {
    expect(rules.effectiveGroups('ann@example.com', [])).toEqual([8, 11]);
  });

  it('given an admin, then every group granting membership to admin, transitively', () => {
    expect(rules.effectiveGroups('root@example.com', [1])).toEqual([1, 3, 8, 10, 11, 17]);
  });

  it('given a login matching a regexp in another case, then a member (regexps are case-insensitive)', () => {
    expect(rules.effectiveGroups('bob@qa.EXAMPLE.com', [])).toEqual([8, 11, 17]);
  });

  it('given a direct membership of a group that no longer exists, then it is ignored', () => {
    expect(rules.effectiveGroups('ann@example.com', [99])).toEqual([8, 11]);
  });
});

describe('bless rules', () => {
  it('given editusers, then every group', () => {
    expect(blessableGroupIds({ isEditUsers: true, effectiveGroupIds: [], directBlessGroupIds: [] }, groups)).toEqual([1, 3, 8, 10, 11, 17]);
  });

  it('given a member of 3, then the groups blessed by 3 and the direct grants', () => {
    expect(blessableGroupIds({ isEditUsers: false, effectiveGroupIds: [3], directBlessGroupIds: [10] }, groups)).toEqual([10, 17]);
  });

  it('given nobody special, then nothing', () => {
    expect(blessableGroupIds({ isEditUsers: false, effectiveGroupIds: [8, 11], directBlessGroupIds: [] }, groups)).toEqual([]);
  });
});
