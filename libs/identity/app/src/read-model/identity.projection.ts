import type { EntityManager } from 'typeorm';
import {
  API_KEY_STREAM_PREFIX,
  type ApiKeyEvent,
  GROUP_STREAM_PREFIX,
  type GroupEvent,
  LOGIN_TOKEN_STREAM_PREFIX,
  type LoginTokenEvent,
  USER_STREAM_PREFIX,
  type UserEvent,
} from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import type { Projection } from '@tracker/platform/read-model';
import { applyApiKeyEvent, applyLoginTokenEvent } from './credentials.projection';
import { applyGroupEvent } from './groups.projection';
import { MembershipUpdates } from './memberships.projection';
import { applyUserEvent } from './users.projection';

/**
 * One projection for all of identity's streams, so that their events apply in the log's
 * order under one checkpoint: a password change must end the sessions issued before it
 * and not those issued after, and memberships need users and groups side by side.
 */
export class IdentityProjection implements Projection {
  readonly name = 'identity';
  readonly streamPrefixes = [USER_STREAM_PREFIX, GROUP_STREAM_PREFIX, API_KEY_STREAM_PREFIX, LOGIN_TOKEN_STREAM_PREFIX];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const memberships = new MembershipUpdates();
    for (const recorded of events) {
      const at = recorded.metadata.occurredAt;
      const { streamName } = recorded;
      if (streamName.startsWith(USER_STREAM_PREFIX)) {
        await applyUserEvent(manager, idOf(streamName, USER_STREAM_PREFIX), domainEvent<UserEvent>(recorded), at, memberships);
      } else if (streamName.startsWith(GROUP_STREAM_PREFIX)) {
        await applyGroupEvent(manager, idOf(streamName, GROUP_STREAM_PREFIX), domainEvent<GroupEvent>(recorded), memberships);
      } else if (streamName.startsWith(API_KEY_STREAM_PREFIX)) {
        await applyApiKeyEvent(manager, idOf(streamName, API_KEY_STREAM_PREFIX), domainEvent<ApiKeyEvent>(recorded), at);
      } else if (streamName.startsWith(LOGIN_TOKEN_STREAM_PREFIX)) {
        await applyLoginTokenEvent(manager, idOf(streamName, LOGIN_TOKEN_STREAM_PREFIX), domainEvent<LoginTokenEvent>(recorded), at);
      }
    }
    await memberships.flush(manager);
  }
}

function idOf(streamName: string, prefix: string): number {
  return Number(streamName.slice(prefix.length));
}
