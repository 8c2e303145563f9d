import type { ComponentChanges, ProductEvent, ServiceRequest, WireChanges } from '@tracker/contracts';
import type { IdentityClient } from '../../collaborators/identity.client';
import { wireChanges } from '../../wire/wire-changes';

const API_NAMES: Readonly<Record<keyof ComponentChanges, string>> = {
  name: 'name',
  description: 'description',
  defaultAssigneeId: 'default_assignee',
  defaultQaContactId: 'default_qa_contact',
  defaultCcIds: 'default_cc',
  isActive: 'is_open',
};

/** Component.update's `changes`, default people as logins (Bugzilla master converts ids the same way). */
export async function componentChanges(
  events: readonly ProductEvent[],
  request: Pick<ServiceRequest, 'auth' | 'correlationId'>,
  identity: IdentityClient,
): Promise<WireChanges> {
  const changes = events.flatMap((event) => (event.type === 'ComponentUpdated' ? [event.data.changes] : []))[0];
  if (!changes) return {};
  const ids = [changes.defaultAssigneeId, changes.defaultQaContactId, changes.defaultCcIds].flatMap((change) =>
    change ? [change.from, change.to].flat().filter((id): id is number => typeof id === 'number') : [],
  );
  const users = await identity.usersById(request, ids);
  const login = (id: unknown): unknown => (typeof id === 'number' ? (users.get(id)?.login ?? String(id)) : id);
  return wireChanges(changes, API_NAMES, (key, value) =>
    key === 'defaultCcIds' && Array.isArray(value)
      ? value.map(login)
      : key === 'defaultAssigneeId' || key === 'defaultQaContactId'
        ? login(value)
        : value,
  );
}
