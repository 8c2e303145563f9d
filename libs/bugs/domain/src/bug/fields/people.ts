import type { DomainError, UserRef } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { findUser, type UserDirectory } from '../bug.facts';

/** An assignee or QA contact by login: unknown logins are Bugzilla's object_does_not_exist (51). */
export function checkUser(users: UserDirectory, login: string): UserRef | DomainError {
  return findUser(users, login) ?? BugErrors.objectDoesNotExist('user', login.trim());
}

/** CC logins: unknown ones are Bugzilla's invalid_username (504); duplicates collapse. */
export function checkCcList(users: UserDirectory, logins: readonly string[]): UserRef[] | DomainError {
  const found = new Map<number, UserRef>();
  for (const login of logins.map((raw) => raw.trim()).filter((raw) => raw !== '')) {
    const user = findUser(users, login);
    if (!user) return BugErrors.invalidUsername(login);
    found.set(user.id, user);
  }
  return [...found.values()];
}

/** CC input as Bugzilla splits a string: at commas and semicolons. */
export function splitCc(input: string | readonly string[]): string[] {
  return typeof input === 'string' ? input.split(/[,;]+/) : [...input];
}
