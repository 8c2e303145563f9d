import type { ChangeReport, FieldChange, GroupEvent } from '@tracker/contracts';

/** Bugzilla's Group.update report (golden 31): name, description, user_regexp, is_active ("0"/"1"), icon_url. */
export function groupChangeReport(id: number, events: readonly GroupEvent[]): ChangeReport {
  const changes: Record<string, FieldChange> = {};
  for (const event of events) {
    switch (event.type) {
      case 'GroupRenamed':
        changes['name'] = { removed: event.data.previous, added: event.data.name };
        break;
      case 'GroupDescriptionChanged':
        changes['description'] = { removed: event.data.previous, added: event.data.description };
        break;
      case 'GroupUserRegexpChanged':
        changes['user_regexp'] = { removed: event.data.previous, added: event.data.userRegexp };
        break;
      case 'GroupActivated':
        changes['is_active'] = { removed: '0', added: '1' };
        break;
      case 'GroupDeactivated':
        changes['is_active'] = { removed: '1', added: '0' };
        break;
      case 'GroupIconChanged':
        changes['icon_url'] = { removed: event.data.previous ?? '', added: event.data.iconUrl ?? '' };
        break;
      case 'GroupCreated':
        break;
    }
  }
  return { id, changes };
}
