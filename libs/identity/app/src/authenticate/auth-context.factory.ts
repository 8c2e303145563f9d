import type { AuthContext } from '@tracker/contracts';
import { permissionsFor } from '@tracker/identity/domain';
import type { IdentityOptions } from '../identity.options';
import type { AuthRow } from '../read-model/credentials.queries';

/** The caller's AuthContext: effective groups (ascending ids, names alike) and the permissions they carry. */
export function authContextFor(row: AuthRow, options: IdentityOptions, ip: string): AuthContext {
  return {
    userId: row.id,
    login: row.login,
    realName: row.real_name,
    groupIds: row.group_ids,
    groupNames: row.group_names,
    permissions: permissionsFor(row.group_names, {
      insider: options.insiderGroup,
      timetracker: options.timetrackingGroup,
      commentTagger: options.commentTaggersGroup,
    }),
    ip,
  };
}
