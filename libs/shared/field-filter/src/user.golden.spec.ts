// User.get filtering checked against the objects recorded from a real Bugzilla
// (/work/shared/reference/golden/10, 19, 149): top-level keys only, and email_enabled /
// login_denied_text come back whatever the lists say.
import { GOLDEN_ADMIN_USER, GOLDEN_NORMAL_USER, USER_SHAPE } from './fixtures/golden-user.fixture';
import { fieldSelection } from './field-list.parser';
import { FieldFilter } from './field-filter.decision';
import { filterObject } from './object-shape.filter';

function filterUser<T extends Record<string, unknown>>(user: T, include?: unknown, exclude?: unknown): Partial<T> {
  return filterObject(user, USER_SHAPE, new FieldFilter(fieldSelection(include, exclude)));
}

describe('User.get golden recordings', () => {
  it('10 and 149: given include_fields=id,name then the unfiltered fields come back too', () => {
    expect(filterUser(GOLDEN_ADMIN_USER, 'id,name')).toEqual({
      name: 'admin@example.com',
      login_denied_text: '',
      email_enabled: true,
      id: 1,
    });
  });

  it('19: given no lists then the whole user comes back', () => {
    expect(filterUser(GOLDEN_NORMAL_USER)).toEqual(GOLDEN_NORMAL_USER);
  });
});

describe('User.get filtering beyond the recordings', () => {
  it('given the unfiltered fields excluded by name then they still come back', () => {
    expect(filterUser(GOLDEN_ADMIN_USER, 'id', 'email_enabled,login_denied_text')).toEqual({
      id: 1,
      email_enabled: true,
      login_denied_text: '',
    });
  });

  it('given include_fields=groups.id then groups come back whole (User.get filters top-level keys only)', () => {
    expect(filterUser(GOLDEN_NORMAL_USER, 'groups.id')).toEqual({
      groups: GOLDEN_NORMAL_USER.groups,
      email_enabled: true,
      login_denied_text: '',
    });
  });
});
