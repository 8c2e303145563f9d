import { Injectable } from '@nestjs/common';
import type { WatchListWire } from '@tracker/contracts';
import { IdentityClient } from '../collaborators/identity.client';
import { WatchesQueries } from '../read-model/watches.queries';

/**
 * A user's watch list as REST shows it: whom they watch and who watches them, by login as
 * identity knows them now (the read model keeps ids, which do not change), sorted.
 */
@Injectable()
export class WatchListReader {
  constructor(
    private readonly watches: WatchesQueries,
    private readonly identity: IdentityClient,
  ) {}

  async read(correlationId: string, userId: number): Promise<WatchListWire> {
    const { watchedIds, watcherIds } = await this.watches.listOf(userId);
    const users = await this.identity.users(correlationId, [...new Set([...watchedIds, ...watcherIds])], []);
    const logins = new Map(users.map((user) => [user.id, user.login]));
    const loginsOf = (ids: readonly number[]): string[] => ids.flatMap((id) => logins.get(id) ?? []).sort();
    return { watched: loginsOf(watchedIds), watchers: loginsOf(watcherIds) };
  }
}
