import type { GroupEvent } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import type { CreateGroup } from './group.commands';
import { groupDecider } from './group.decider';

const group = deciderSpec(groupDecider);

const create = (fields: Partial<CreateGroup> = {}): CreateGroup => ({
  kind: 'CreateGroup',
  groupId: 17,
  name: ' qa ',
  description: ' Quality ',
  userRegexp: ' @qa\\.example\\.com$ ',
  isActive: true,
  iconUrl: '',
  isBugGroup: true,
  memberGroupIds: [1, 1],
  blessGroupIds: [1],
  ...fields,
});

const created: GroupEvent = {
  type: 'GroupCreated',
  data: {
    groupId: 17,
    name: 'qa',
    description: 'Quality',
    isBugGroup: true,
    userRegexp: '@qa\\.example\\.com$',
    isActive: true,
    iconUrl: null,
    memberGroupIds: [1],
    blessGroupIds: [1],
  },
};
const system: GroupEvent = { type: 'GroupCreated', data: { ...created.data, groupId: 8, name: 'editbugs', isBugGroup: false } };

describe('group decider', () => {
  it('given nothing, when created, then created with trimmed values and no icon', () => {
    group.given().when(create()).then([created]);
  });

  it.each([
    ['an empty name', { name: '  ' }, 800, 'You must enter a name for the group.'],
    ['an empty description', { description: '' }, 802, 'You must enter a description for the group.'],
    ['a regexp that does not compile', { userRegexp: '(unclosed' }, 803, 'The regular expression you entered is invalid.'],
  ])('given nothing, when created with %s, then %s', (_what, fields, code, message) => {
    group.given().when(create(fields)).thenRefuses(code, message);
  });

  it('given a group, when every field changes, then one event per field', () => {
    group
      .given(created)
      .when({
        kind: 'ChangeGroup',
        groupId: 17,
        name: 'qa-team',
        description: 'QA team',
        userRegexp: '',
        isActive: false,
        iconUrl: 'https://example.com/qa.png',
      })
      .then([
        { type: 'GroupRenamed', data: { previous: 'qa', name: 'qa-team' } },
        { type: 'GroupDescriptionChanged', data: { previous: 'Quality', description: 'QA team' } },
        { type: 'GroupUserRegexpChanged', data: { previous: '@qa\\.example\\.com$', userRegexp: '' } },
        { type: 'GroupDeactivated', data: {} },
        { type: 'GroupIconChanged', data: { previous: null, iconUrl: 'https://example.com/qa.png' } },
      ]);
  });

  it('given a group, when set to what it is, then nothing happens', () => {
    group.given(created).when({ kind: 'ChangeGroup', groupId: 17, name: 'qa', isActive: true, iconUrl: '' }).then([]);
  });

  it('given a deactivated group, when activated, then activated', () => {
    group
      .given(created, { type: 'GroupDeactivated', data: {} })
      .when({ kind: 'ChangeGroup', groupId: 17, isActive: true })
      .then([{ type: 'GroupActivated', data: {} }]);
  });

  it('given a system group, when renamed, then refused; its regexp may change', () => {
    group.given(system).when({ kind: 'ChangeGroup', groupId: 8, name: 'editors' }).thenRefuses(32000);
    group
      .given(system)
      .when({ kind: 'ChangeGroup', groupId: 8, userRegexp: '@example\\.com$' })
      .then([{ type: 'GroupUserRegexpChanged', data: { previous: '@qa\\.example\\.com$', userRegexp: '@example\\.com$' } }]);
  });

  it('given no group, when changed, then 51', () => {
    group.given().when({ kind: 'ChangeGroup', groupId: 99, name: 'x' }).thenRefuses(51, "There is no group with the id '99'.");
  });
});
