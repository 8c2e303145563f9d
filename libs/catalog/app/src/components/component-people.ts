import type { ServiceRequest } from '@tracker/contracts';
import { CatalogErrors } from '@tracker/catalog/domain';
import type { IdentityClient } from '../collaborators/identity.client';

/** A component's default people as given (logins), resolved to user ids in one lookup. */
export interface PeopleParams {
  readonly default_assignee?: string;
  readonly default_qa_contact?: string;
  readonly default_cc?: readonly string[];
}

export interface ResolvedPeople {
  /** undefined: not given; null: given empty */
  readonly assigneeId: number | null | undefined;
  readonly qaContactId: number | null | undefined;
  readonly ccIds: readonly number[] | undefined;
}

/** Unknown logins are error 51; without QA contacts in use (useqacontact off) the QA contact is ignored. */
export async function resolvePeople(
  identity: IdentityClient,
  request: Pick<ServiceRequest, 'auth' | 'correlationId'>,
  params: PeopleParams,
  useQaContact: boolean,
): Promise<ResolvedPeople> {
  const qaContact = useQaContact ? params.default_qa_contact : undefined;
  const users = await identity.usersByLogin(request, [params.default_assignee ?? '', qaContact ?? '', ...(params.default_cc ?? [])]);
  const idOf = (login: string | undefined): number | null | undefined => {
    if (login === undefined) return undefined;
    const trimmed = login.trim();
    if (trimmed === '') return null;
    const user = users.get(trimmed.toLowerCase());
    if (!user) throw CatalogErrors.objectDoesNotExist('user', trimmed);
    return user.id;
  };
  return {
    assigneeId: idOf(params.default_assignee),
    qaContactId: idOf(qaContact),
    ccIds: params.default_cc?.flatMap((login) => {
      const id = idOf(login);
      return id === null || id === undefined ? [] : [id];
    }),
  };
}
