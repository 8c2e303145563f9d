import type { ChangeReport, FieldChange, UserEvent } from '@tracker/contracts';

/**
 * Bugzilla's User.update report from the events of one change (golden 25, 32): its field
 * names (full_name, email, disable_mail, login_denied_text, is_enabled, groups,
 * bless_groups, cryptpassword), booleans as "0"/"1", group lists joined by ", ". Bugzilla
 * shows the password hashes themselves; Tracker shows that the password changed, not how.
 */
export const HIDDEN = '[hidden]';

export function userChangeReport(id: number, events: readonly UserEvent[], groupName: (id: number) => string): ChangeReport {
  const changes: Record<string, FieldChange> = {};
  const bit = (value: boolean): string => (value ? '1' : '0');
  const names = (ids: readonly number[]): string => ids.map(groupName).join(', ');
  for (const event of events) {
    switch (event.type) {
      case 'UserRealNameChanged':
        changes['full_name'] = { removed: event.data.previous, added: event.data.realName };
        break;
      case 'UserLoginChanged':
        changes['email'] = { removed: event.data.previous, added: event.data.login };
        break;
      case 'UserPasswordSet':
        changes['cryptpassword'] = { removed: HIDDEN, added: HIDDEN };
        break;
      case 'UserMailPreferenceChanged':
        changes['disable_mail'] = { removed: bit(event.data.emailEnabled), added: bit(!event.data.emailEnabled) };
        break;
      case 'UserLoginDenied':
        changes['login_denied_text'] = { removed: event.data.previousText, added: event.data.text };
        if (event.data.previousText === '') changes['is_enabled'] = { removed: '1', added: '0' };
        break;
      case 'UserLoginAllowed':
        changes['login_denied_text'] = { removed: event.data.previousText, added: '' };
        changes['is_enabled'] = { removed: '0', added: '1' };
        break;
      case 'UserGroupsChanged':
        changes['groups'] = { removed: names(event.data.removed), added: names(event.data.added) };
        break;
      case 'UserBlessGroupsChanged':
        changes['bless_groups'] = { removed: names(event.data.removed), added: names(event.data.added) };
        break;
      case 'UserCreated':
        break;
    }
  }
  return { id, changes };
}
