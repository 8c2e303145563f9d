import { type AuthContext, type FlagDecisionRequest, hasPermission, type UserSummary } from '@tracker/contracts';
import type { FlagTypeFacts, FlagUser } from '@tracker/flags/domain';
import type { FlagTypeRecord } from '../read-model/flag-type.queries';

/** A type as the decision reads it: the stored cc list back to its addresses. */
export function flagTypeFacts(record: FlagTypeRecord): FlagTypeFacts {
  return { ...record, ccList: record.ccList.split(/,\s*/).filter((address) => address !== '') };
}

/** The caller, from the request's AuthContext (identity resolved it for the gateway); logged out: nobody (id 0). */
export function callerOf(auth: AuthContext): FlagUser {
  return {
    id: auth.userId ?? 0,
    login: auth.login ?? '',
    realName: auth.realName,
    enabled: true,
    groupIds: auth.groupIds,
    insider: hasPermission(auth, 'insider'),
  };
}

/** A user as identity's lookup answered `withAccess`. */
export function flagUserOf(user: UserSummary): FlagUser {
  return {
    id: user.id,
    login: user.login,
    realName: user.realName,
    enabled: user.canLogin,
    groupIds: user.access?.groupIds ?? [],
    insider: user.access?.permissions.includes('insider') ?? false,
  };
}

/** Whom the decisions judge: every requestee named, and the setters and requestees of the bugs' flags (retargeting checks their rights). */
export function usersNamed(bugs: readonly FlagDecisionRequest[]): { logins: string[]; ids: number[] } {
  const logins = bugs.flatMap((bug) =>
    bug.inputs.flatMap((group) => group.flags.flatMap((flag) => (flag.requestee ? [flag.requestee] : []))),
  );
  const ids = bugs.flatMap((bug) => bug.currentFlags.flatMap((flag) => [flag.setter.id, ...(flag.requestee ? [flag.requestee.id] : [])]));
  return { logins: [...new Set(logins)], ids: [...new Set(ids)] };
}
