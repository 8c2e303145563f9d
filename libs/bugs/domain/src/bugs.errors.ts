import { CommonErrors, DomainError, type ErrorName, MAX_COMMENT_TAG_LENGTH, MIN_COMMENT_TAG_LENGTH } from '@tracker/contracts';
import { fieldLabel } from './bug/fields/field-labels';

const err = (error: ErrorName, message: string): DomainError => new DomainError(error, message);

/** How much privilege a refused change needed (Bugzilla's PRIVILEGES_REQUIRED_*). */
export const Privileges = { reporter: 1, assignee: 2, empowered: 3 } as const;
export type Privilege = (typeof Privileges)[keyof typeof Privileges];

/**
 * The bugs service's refusals, with Bugzilla's codes (named in libs/contracts' registry)
 * and the words of its error templates rendered as plain text ("Bugzilla" reads
 * "Tracker"). Refusals Bugzilla has no code for are `userError` (32000), as Bugzilla
 * answers them.
 */
export const BugErrors = {
  loginRequired: CommonErrors.loginRequired,
  paramRequired: CommonErrors.paramRequired,

  // --- finding bugs (reference §8.2)
  invalidBugId: (ref: string): DomainError => err('invalidBugId', `'${ref}' is not a valid bug number nor an alias to a bug.`),
  bugIdRequired: (field: string): DomainError =>
    err('invalidBugId', `The '${fieldLabel(field)}' field cannot be empty. You must enter a valid bug number!`),
  bugDoesNotExist: (ref: number | string): DomainError => err('bugDoesNotExist', `Bug #${ref} does not exist.`),
  bugAccessDenied: (ref: number | string, loggedIn: boolean): DomainError =>
    err(
      'bugAccessDenied',
      loggedIn
        ? `You are not authorized to access bug #${ref}.`
        : `You are not authorized to access bug #${ref}. To see this bug, you must first log in to an account with the appropriate permissions.`,
    ),

  // --- values
  objectNotSpecified: (kind: string): DomainError => err('paramRequired', `You must select/enter a ${kind}.`),
  objectDoesNotExist: (kind: string, name: string, product?: string): DomainError =>
    err(
      'objectDoesNotExist',
      `There is no ${kind} named '${name}'${product === undefined ? '' : ` in the '${product}' product`}.${
        kind === 'user' ? ' Either you mis-typed the name or that user has not yet registered for a Tracker account.' : ''
      }`,
    ),
  valueInactive: (kind: string, value: string): DomainError => err('userError', `The ${kind} value '${value}' is not active.`),
  invalidUsername: (name: string): DomainError =>
    err(
      'invalidUsername',
      `The name ${name} is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.`,
    ),
  reassignToEmpty: (): DomainError => err('paramRequired', 'To reassign a bug, you must provide an address for the new assignee.'),

  // --- product and component
  requireComponent: (): DomainError =>
    err('invalidComponent', 'To file this bug, you must first choose a component. If necessary, just guess.'),
  entryAccessDenied: (product: string): DomainError =>
    err('productAccessDenied', `Sorry, either the product ${product} does not exist or you aren't authorized to enter a bug into it.`),
  productDisabled: (product: string): DomainError =>
    err('productAccessDenied', `Sorry, entering a bug into the product ${product} has been disabled.`),
  productEditDenied: (product: string): DomainError => err('bugEditDenied', `You are not permitted to edit bugs in product ${product}.`),
  missingComponent: (product: string): DomainError =>
    err('userError', `Sorry, the product ${product} has to have at least one active component in order for you to enter a bug into it.`),
  missingVersion: (product: string): DomainError =>
    err('userError', `Sorry, the product ${product} has to have at least one active version in order for you to enter a bug into it.`),

  // --- text fields
  requireSummary: (): DomainError => err('summaryRequired', 'You must enter a summary for this bug.'),
  freetextTooLong: (field: string, text: string, limit = 255): DomainError =>
    err(
      'fieldTooLong',
      `The text you entered in the ${fieldLabel(field)} field is too long (${text.length} characters, above the maximum length allowed of ${limit} characters).`,
    ),
  commentTooLong: (): DomainError => err('commentTooLong', 'Comments cannot be longer than 65535 characters.'),
  // a creation tag the comments service should have refused (Bugzilla's _check_tag, 126 to 128)
  commentTagTooLong: (): DomainError =>
    err('commentTagTooLong', `Comment tags cannot be longer than ${MAX_COMMENT_TAG_LENGTH} characters.`),
  commentTagTooShort: (): DomainError => err('commentTagTooShort', `Comment tags must be at least ${MIN_COMMENT_TAG_LENGTH} characters.`),
  commentTagInvalid: (tag: string): DomainError =>
    err('invalidCommentTag', `The comment tag "${tag}" contains invalid characters or words.`),
  commentRequired: (): DomainError => err('userError', 'You have to specify a comment on this change.'),
  commentRequiredOnChange: (field: string, from: string | null, to: string): DomainError =>
    err(
      'userError',
      from === null
        ? `You have to specify a description for this bug.`
        : `You have to specify a comment when changing the ${fieldLabel(field)} of a bug from ${from || '(empty)'} to ${to || '(empty)'}.`,
    ),

  // --- alias (103)
  aliasTooLong: (): DomainError => err('invalidAlias', 'Bug aliases cannot be longer than 40 characters. Please choose a shorter alias.'),
  aliasIsNumeric: (alias: string): DomainError =>
    err(
      'invalidAlias',
      `You tried to give this bug the alias ${alias}, but aliases cannot be merely numbers, since they could then be confused with bug IDs. Please choose an alias containing at least one letter.`,
    ),
  aliasHasCommaOrSpace: (alias: string): DomainError =>
    err(
      'invalidAlias',
      `The alias you entered, ${alias}, contains one or more commas or spaces. Aliases cannot contain commas or spaces because those characters are used to separate aliases from each other in lists. Please choose an alias that does not contain commas and spaces.`,
    ),
  aliasInUse: (alias: string, bugId: number | null): DomainError =>
    err(
      'invalidAlias',
      `${bugId === null ? 'Another bug' : `Bug ${bugId}`} has already taken the alias ${alias}. Please choose another alias.`,
    ),
  multipleAliasNotAllowed: (): DomainError => err('invalidAlias', 'You cannot set aliases when modifying multiple bugs at once.'),

  // --- status, resolution, duplicates
  illegalStatusTransition: (from: string | null, to: string): DomainError =>
    err(
      'statusTransitionDenied',
      from === null
        ? `You are not allowed to file new bugs with the ${to} status.`
        : `You are not allowed to change the bug status from ${from} to ${to}.`,
    ),
  missingResolution: (status: string): DomainError =>
    err('resolutionRequired', `A valid resolution is required to mark bugs as ${status.toUpperCase()}.`),
  resolutionNotAllowed: (): DomainError => err('resolutionNotAllowed', 'You cannot set a resolution for open bugs.'),
  resolutionCantClear: (bugId: number): DomainError => err('userError', `Bug ${bugId} is closed, so you cannot clear its resolution.`),
  dupeIdRequired: (): DomainError => err('duplicateIdRequired', 'You must specify a bug id to mark this bug as a duplicate of.'),
  dupeLoop: (bugId: number, dupeOf: number): DomainError =>
    err(
      'duplicateLoop',
      dupeOf === bugId
        ? `You cannot mark bug ${bugId} as a duplicate of itself.`
        : `You cannot mark bug ${bugId} as a duplicate of bug ${dupeOf}, because it would create a duplicate loop.`,
    ),
  dupeNotAllowed: (): DomainError => err('userError', 'You cannot mark bugs as duplicates when changing several bugs at once.'),
  milestoneRequired: (bugId: number): DomainError =>
    err(
      'userError',
      `You must select a target milestone for bug ${bugId} if you are going to accept it. Part of accepting a bug is giving an estimate of when it will be fixed.`,
    ),
  stillUnresolvedBugs: (bugId: number | null, count: number): DomainError =>
    err(
      'userError',
      `${bugId === null ? 'This bug' : `Bug ${bugId}`} has ${count} unresolved ${count === 1 ? 'dependency' : 'dependencies'}. They must either be resolved or removed from the "Depends on" field before you can resolve this bug as FIXED.`,
    ),

  // --- dependencies
  dependencyLoopSingle: (): DomainError => err('dependencyLoop', "You can't make a bug block itself or depend on itself."),
  dependencyLoopMulti: (bugIds: readonly number[]): DomainError =>
    err(
      'dependencyLoop',
      `The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: ${bugIds.join(' ')}. This would create a circular dependency, which is not allowed.`,
    ),

  // --- permissions
  illegalChange: (field: string, privileges: Privilege, from?: string, to?: string): DomainError =>
    err(
      'fieldChangeDenied',
      `You tried to change the ${fieldLabel(field)} field ${from ? `from ${from} ` : ''}${to ? `to ${to}` : ''}`.trimEnd() +
        `, but only ${
          privileges < Privileges.empowered ? `the assignee ${privileges < Privileges.assignee ? 'or reporter ' : ''}of the bug, or ` : ''
        }a user with the required permissions may change that field.`,
    ),
  ccRemoveDenied: (): DomainError => err('userError', 'You do not have permission to remove other people from the CC list.'),
  userNotInsider: (): DomainError =>
    err('privacyChangeDenied', 'Sorry, but you are not allowed to (un)mark comments or attachments as private.'),
  commentInvalidIsPrivate: (ids: readonly number[]): DomainError =>
    err(
      'invalidCommentPrivacy',
      `You tried to modify the privacy of comment id ${ids.join(', ')}, but that is not a valid comment on this bug.`,
    ),

  // --- groups (120)
  groupRestrictionNotAllowed: (group: string, product: string, bugId: number | null): DomainError =>
    err(
      'groupRestrictionDenied',
      `You tried to restrict ${bugId === null ? 'a bug' : `bug ${bugId}`} to the '${group}' group, but either this group does not exist, or you are not allowed to restrict bugs to this group in the '${product}' product.`,
    ),
  groupInvalidRemoval: (group: string, product: string, bugId: number): DomainError =>
    err(
      'groupRestrictionDenied',
      `You tried to remove bug ${bugId} from the '${group}' group, but either this group does not exist, or you are not allowed to remove bugs from this group in the '${product}' product.`,
    ),

  // --- numbers and dates
  numberNotNumeric: (field: string, value: string): DomainError =>
    err('paramMustBeNumeric', `The value '${value}' in the ${fieldLabel(field)} field is not a numeric value.`),
  numberTooLarge: (field: string, value: string, max: string): DomainError =>
    err('numberTooLarge', `The value '${value}' in the ${fieldLabel(field)} field is more than the maximum allowable value of '${max}'.`),
  numberTooSmall: (field: string, value: string, min: string): DomainError =>
    err('numberTooSmall', `The value '${value}' in the ${fieldLabel(field)} field is less than the minimum allowable value of '${min}'.`),
  illegalDate: (value: string): DomainError => err('illegalDate', `'${value}' is not a legal date. Please use the format 'YYYY-MM-DD'.`),
  illegalTime: (value: string): DomainError => err('userError', `'${value}' is not a legal time. Please use the format 'HH:MM:SS'.`),
  requiredField: (field: string): DomainError => err('userError', `A value must be set for the '${field}' field.`),

  // --- see also
  bugUrlInvalid: (url: string, reason: 'http' | 'path_only' | 'id' | 'other'): DomainError =>
    err(
      'invalidSeeAlso',
      `${url} is not a valid URL to a bug. ${
        reason === 'http'
          ? 'URLs must start with "http" or "https".'
          : reason === 'path_only'
            ? 'You must specify a full URL.'
            : reason === 'id'
              ? 'There is no valid bug id in that URL.'
              : 'See Also URLs should point to a bug in a bug tracker, or an issue or pull request on a forge.'
      }`,
    ),
  bugUrlTooLong: (url: string): DomainError =>
    err('invalidSeeAlso', `Bug URLs cannot be longer than 255 characters long. ${url} is too long.`),

  // --- tags, last visit
  noTagToEdit: (): DomainError => err('userError', 'You tried to create or remove a tag with no name.'),
  tagNameTooLong: (): DomainError => err('userError', 'The tag must be less than 64 characters long.'),
  userNotInvolved: (bugId: number): DomainError => err('userNotInvolved', `Sorry, but you are not involved with Bug ${bugId}.`),
} as const;
