import { CommonErrors, DomainError } from '@tracker/contracts';

/** What a refusal says the caller may not do, in Bugzilla's auth_failure wording. */
export type AuthFailureAction = 'add new' | 'add, modify or delete';

const LOCKOUT_MINUTES = 30;

/**
 * Every error identity raises, with Bugzilla's code and its words (its templates rendered
 * as plain text, "Bugzilla" read as "Tracker"). Refusals Bugzilla has no number for are
 * `userError` (32000), as Bugzilla answers them; codes are named in libs/contracts' registry.
 */
export const IdentityErrors = {
  invalidLoginOrPassword: (remainingAttempts: number | null): DomainError =>
    new DomainError(
      'invalidLoginOrPassword',
      remainingAttempts !== null && remainingAttempts <= 2
        ? `The login or password you entered is not valid. If you do not enter the correct password after ${remainingAttempts} more attempt(s), you will be locked out of this account for ${LOCKOUT_MINUTES} minutes.`
        : 'The login or password you entered is not valid.',
    ),
  accountDisabled: (disabledText: string, maintainer: string): DomainError =>
    new DomainError(
      'accountDisabled',
      `${disabledText} If you believe your account should be restored, please send email to ${maintainer} explaining why.`,
    ),
  accountLocked: (ip: string, until: string): DomainError =>
    CommonErrors.userError(
      `Your IP (${ip}) has been locked out of this account until ${until}, as you have exceeded the maximum number of login attempts.`,
    ),
  addressLocked: (ip: string, until: string): DomainError =>
    CommonErrors.userError(`Your IP (${ip}) has been locked out until ${until}, as too many failed logins came from it.`),
  apiKeyNotValid: (): DomainError =>
    new DomainError('apiKeyInvalid', 'The API key you specified is invalid. Please check that you typed it correctly.'),
  apiKeyRevoked: (): DomainError =>
    new DomainError('apiKeyInvalid', 'The API key you specified has been revoked by the user that created it.'),
  invalidCookiesOrToken: (): DomainError =>
    CommonErrors.userError(
      'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
    ),
  notInGroup: (group: string, action: AuthFailureAction, object: string): DomainError =>
    new DomainError(
      'authFailure',
      `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to ${action} ${object}.`,
    ),
  cantBless: (group: string): DomainError =>
    new DomainError(
      'authFailure',
      `Sorry, you aren't a member of the '${group}' group, and you don't have permissions to add or remove people from a group, and so you are not authorized to add, modify or delete groups.`,
    ),
  accountExists: (login: string): DomainError =>
    new DomainError('accountExists', `There is already an account with the login name ${login}.`),
  loginRequiredForAccount: (): DomainError => CommonErrors.userError('You must enter a login name for the new user.'),
  illegalEmail: (address: string): DomainError =>
    new DomainError(
      'illegalEmail',
      `The e-mail address you entered (${address}) didn't pass our syntax checking for a legal email address. A legal address must contain exactly one '@', and at least one '.' after the @. It also must not contain any illegal characters.`,
    ),
  passwordTooShort: (minLength: number): DomainError =>
    new DomainError('passwordTooShort', `The password must be at least ${minLength} characters long.`),
  passwordNotComplex: (requirements: readonly string[]): DomainError =>
    new DomainError('passwordNotComplex', `The password must contain at least one: ${requirements.join(', ')}.`),
  userAccessByIdDenied: (): DomainError =>
    new DomainError('userAccessDenied', 'Logged-out users cannot use the "ids" argument to this function to access any user information.'),
  userAccessByMatchDenied: (): DomainError =>
    new DomainError(
      'userAccessDenied',
      'Logged-out users cannot use the "match" argument to this function to access any user information.',
    ),
  noUserNamed: (name: string): DomainError =>
    new DomainError(
      'objectDoesNotExist',
      `There is no user named '${name}'. Either you mis-typed the name or that user has not yet registered for a Tracker account.`,
    ),
  noUserWithId: (id: number): DomainError =>
    new DomainError(
      'objectDoesNotExist',
      `There is no user with the id '${id}'. Either you mis-typed the name or that user has not yet registered for a Tracker account.`,
    ),
  noGroupNamed: (name: string): DomainError => new DomainError('objectDoesNotExist', `There is no group named '${name}'.`),
  noGroupWithId: (id: number): DomainError => new DomainError('objectDoesNotExist', `There is no group with the id '${id}'.`),
  noApiKeyWithId: (id: number): DomainError => new DomainError('objectDoesNotExist', `There is no API key with the id '${id}'.`),
  emptyGroupName: (): DomainError => new DomainError('groupNameEmpty', 'You must enter a name for the group.'),
  groupExists: (name: string): DomainError => new DomainError('groupExists', `The group ${name} already exists.`),
  emptyGroupDescription: (): DomainError => new DomainError('groupDescriptionEmpty', 'You must enter a description for the group.'),
  invalidRegexp: (): DomainError => new DomainError('invalidRegexp', 'The regular expression you entered is invalid.'),
  systemGroupRename: (name: string): DomainError =>
    CommonErrors.userError(`The group ${name} is a system group; its name cannot be changed.`),
  invalidGroupName: (name: string): DomainError =>
    new DomainError('invalidGroupName', `The group you specified, ${name}, is not valid here.`),
  groupCannotView: (): DomainError =>
    new DomainError(
      'groupCannotView',
      "In order to view groups, you need to be a member of the 'editusers' or 'creategroups' group, or have bless privileges to at least one group.",
    ),
  groupMembersNotVisible: (name: string): DomainError =>
    new DomainError('groupCannotView', `You are not allowed to see members of the ${name} group.`),
  unknownMethod: (objectClass: 'User' | 'Group', key: string): DomainError =>
    new DomainError('unknownMethod', `The requested method 'Tracker::${objectClass}::set_${key}' was not found.`),
  paramsRequired: (fn: string, params: readonly string[]): DomainError =>
    new DomainError('paramRequired', `The function ${fn} requires that you set one of the following parameters: ${params.join(', ')}`),
  mustBeNumeric: (param: string, fn: string): DomainError =>
    new DomainError('paramMustBeNumeric', `Invalid parameter '${param}' passed to '${fn}': It must be numeric.`),
};
