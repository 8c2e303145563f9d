import type { DomainError, UserRef } from '@tracker/contracts';

/**
 * What the handler looked up before deciding, as plain data: users by login, other bugs
 * by the reference the caller gave, alias owners, the dependency graph around the bug.
 * A failed lookup is kept as its error so the decider raises it in Bugzilla's order.
 */

/** Users by lower-cased login; a login that is missing does not exist. */
export type UserDirectory = ReadonlyMap<string, UserRef>;

export function findUser(users: UserDirectory, login: string): UserRef | undefined {
  return users.get(login.trim().toLowerCase());
}

/** Another bug named by id or alias: its id, or the error Bugzilla gives for it (100/101/102). */
export type BugRef = { readonly bugId: number } | { readonly error: DomainError };
export type BugRefs = ReadonlyMap<string, BugRef>;

/** Dependency edges around the bugs involved: `[blocked, dependsOn]` pairs. */
export type DependencyEdges = ReadonlyArray<readonly [number, number]>;

/** Which bug owns each alias, by lower-cased alias (only the ones asked about). */
export type AliasOwners = ReadonlyMap<string, number>;
