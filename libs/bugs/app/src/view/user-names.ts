import { Inject, Injectable } from '@nestjs/common';
import type { ServiceRequest } from '@tracker/contracts';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { IdentityClient } from '../collaborators/identity.client';
import { BugQueries, type UserName } from '../read-model/bug.queries';

/**
 * Current logins and real names of the users a response shows: from the read model's
 * copy of identity's users; a user it does not hold yet (created a moment ago) is asked
 * of identity, so a bug read right after its write is complete.
 */
@Injectable()
export class UserNames {
  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly identity: IdentityClient,
  ) {}

  /** `known`: names already read with the bugs; only the others are looked up. */
  async of(request: ServiceRequest, ids: readonly number[], known?: ReadonlyMap<number, UserName>): Promise<Map<number, UserName>> {
    const names = known ? new Map(known) : await new BugQueries(this.readModel.dataSource).userNames(ids);
    const missing = [...new Set(ids)].filter((id) => !names.has(id));
    for (const user of await this.identity.byIds(request, missing)) names.set(user.id, { login: user.login, realName: user.realName });
    return names;
  }
}
