import type { GetGroupsResult } from '@tracker/contracts';
import { fieldSelection } from '@tracker/field-filter';
import { identityRoutes } from './identity.routes';

/** Golden 29's group, as an administrator asks for it with `membership=1`. */
const GOLDEN_GROUP: GetGroupsResult = {
  groups: [
    {
      id: 16,
      name: 'golden-grp-1',
      description: 'Golden test group',
      is_active: true,
      is_bug_group: true,
      user_regexp: '',
      membership: [
        {
          id: 1,
          name: 'admin@example.com',
          real_name: 'Admin User',
          nick: 'admin',
          email: 'admin@example.com',
          can_login: true,
          email_enabled: true,
          login_denied_text: '',
        },
      ],
    },
  ],
};

function filtered(path: string, include: string | undefined, exclude?: string): unknown {
  const route = identityRoutes.find((candidate) => candidate.method === 'GET' && candidate.path === path);
  if (!route?.filterResponse) throw new Error(`no filtered GET ${path}`);
  return route.filterResponse(GOLDEN_GROUP, fieldSelection(include, exclude));
}

describe('Group.get field filtering', () => {
  it('given no lists then every field comes back', () => {
    expect(filtered('/group', undefined)).toEqual(GOLDEN_GROUP);
  });

  it('given include_fields then only those fields, on both routes', () => {
    expect(filtered('/group', 'id,name')).toEqual({ groups: [{ id: 16, name: 'golden-grp-1' }] });
    expect(filtered('/group/:id_or_name', 'description')).toEqual({ groups: [{ description: 'Golden test group' }] });
  });

  it('given exclude_fields then those fields are dropped, exclusion beating inclusion', () => {
    expect(filtered('/group', undefined, 'membership,user_regexp,is_active,is_bug_group')).toEqual({
      groups: [{ id: 16, name: 'golden-grp-1', description: 'Golden test group' }],
    });
    expect(filtered('/group', 'id,name', 'name')).toEqual({ groups: [{ id: 16 }] });
  });

  it('given dotted sub-fields then members are filtered by them, and the member list comes with them', () => {
    expect(filtered('/group', 'id,membership.name')).toEqual({ groups: [{ id: 16, membership: [{ name: 'admin@example.com' }] }] });
    expect(
      filtered(
        '/group',
        'membership',
        'membership.email,membership.nick,membership.real_name,membership.email_enabled,membership.login_denied_text,membership.can_login',
      ),
    ).toEqual({
      groups: [{ membership: [{ id: 1, name: 'admin@example.com' }] }],
    });
  });
});
