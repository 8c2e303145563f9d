import { type CredentialsChange, type DomainEvent, GROUP_STREAM_PREFIX, USER_STREAM_PREFIX } from '@tracker/contracts';

/**
 * Events that change no AuthContext: new things nobody has authenticated with yet, and
 * fields an AuthContext does not hold. Every other event of identity, including any added
 * later, drops cached credentials: forgetting too much costs one lookup, too little a hole.
 */
const CHANGES_NO_AUTH_CONTEXT = new Set([
  'UserCreated',
  'UserMailPreferenceChanged',
  'UserBlessGroupsChanged',
  'ApiKeyCreated',
  'ApiKeyDescriptionChanged',
  'LoginTokenIssued',
  'GroupDescriptionChanged',
  'GroupIconChanged',
]);

/**
 * Whose cached credentials the events appended to `stream` make stale: a user's own
 * stream names the user; a key's or token's state names its owner; a group's change
 * (name, regexp, activity, grants) may move anyone's memberships, so it drops all.
 */
export function credentialsChangeOf(stream: string, events: readonly DomainEvent[], state: unknown): CredentialsChange | null {
  if (events.every((event) => CHANGES_NO_AUTH_CONTEXT.has(event.type))) return null;
  if (stream.startsWith(GROUP_STREAM_PREFIX)) return { all: true };
  const userId = stream.startsWith(USER_STREAM_PREFIX) ? Number(stream.slice(USER_STREAM_PREFIX.length)) : ownerOf(state);
  return userId !== null && Number.isSafeInteger(userId) ? { userIds: [userId] } : { all: true };
}

function ownerOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('userId' in state)) return null;
  return typeof state.userId === 'number' ? state.userId : null;
}
