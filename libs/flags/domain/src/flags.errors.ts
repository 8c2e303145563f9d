import { CommonErrors, DomainError, type ErrorName } from '@tracker/contracts';
import { FLAG_TYPE_LIMITS } from './flag-type-limits';

/**
 * The flags service's refusals, with Bugzilla's codes and words (its error templates as
 * plain text; codes named in libs/contracts' registry). Refusals Bugzilla gives no code of
 * their own are `objectDoesNotExist` (51) and `userError` (32000), as it answers them.
 */
const err = (error: ErrorName, message: string): DomainError => new DomainError(error, message);

const ACTIONS = { add: 'add new', edit: 'add, modify or delete' } as const;

/** The verb of a status in Bugzilla's flag_update_denied. */
const STATUS_VERBS: Readonly<Record<string, string>> = { '+': 'grant', '-': 'deny', X: 'clear' };

export const FlagsErrors = {
  loginRequired: CommonErrors.loginRequired,
  paramRequired: (param: string): DomainError => CommonErrors.paramRequired(param),
  paramsRequired: (fn: string, params: readonly string[]): DomainError =>
    err('paramRequired', `The function ${fn} requires that you set one of the following parameters: ${params.join(', ')}`),
  invalidParam: (param: string, value: unknown): DomainError =>
    CommonErrors.invalidParam(param, typeof value === 'string' ? value : JSON.stringify(value)),

  // --- flag types (Bugzilla's FlagType.pm and WebService/FlagType.pm)
  noFlagTypeRights: (action: 'add' | 'edit'): DomainError =>
    err(
      'authFailure',
      `Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to ${ACTIONS[action]} flag types.`,
    ),
  targetTypeInvalid: (targetType: string): DomainError =>
    err('paramInvalid', `The target type was neither bug nor attachment but rather ${targetType}.`),
  productAccessDenied: (product: string): DomainError =>
    err('productAccessDenied', `Either the product '${product}' does not exist or you don't have access to it.`),
  componentNotFound: (component: string, product: string): DomainError =>
    err('invalidComponent', `There is no component named '${component}' in the '${product}' product.`),
  /** FlagType.get: a component the product does not have is 51 there (a clusion's is 105) */
  componentNotInProduct: (component: string, product: string): DomainError =>
    err('objectDoesNotExist', `There is no component named '${component}' in the '${product}' product.`),
  ccListTooLong: (ccList: string): DomainError =>
    err('flagTypeCcListInvalid', `The CC list ${ccList} must be less than ${FLAG_TYPE_LIMITS.ccListLength} characters long.`),
  illegalEmail: (address: string): DomainError =>
    err(
      'illegalEmail',
      `The e-mail address you entered (${address}) didn't pass our syntax checking for a legal email address. A legal address must contain exactly one '@', and at least one '.' after the @. It also must not contain any illegal characters.`,
    ),
  descriptionBlank: (): DomainError => err('flagTypeDescriptionInvalid', 'You must enter a description for this flag type.'),
  descriptionTooLong: (length: number): DomainError =>
    err(
      'userError',
      `The description of a flag type is limited to ${FLAG_TYPE_LIMITS.descriptionLength} characters; this one has ${length}.`,
    ),
  groupNotFound: (name: string): DomainError => err('objectDoesNotExist', `There is no group named '${name}'.`),
  nameInvalid: (name: string): DomainError =>
    err(
      'flagTypeNameInvalid',
      `The name ${name} must be 1-${FLAG_TYPE_LIMITS.nameLength} characters long and must not contain any spaces or commas.`,
    ),
  sortKeyInvalid: (sortKey: string): DomainError =>
    err(
      'flagTypeSortkeyInvalid',
      `The sort key ${sortKey} must be an integer between ${FLAG_TYPE_LIMITS.sortKey.min} and ${FLAG_TYPE_LIMITS.sortKey.max}.`,
    ),
  flagTypeIdNotFound: (id: number): DomainError => err('objectDoesNotExist', `There is no flagtype with the id '${id}'.`),
  flagTypeNameNotFound: (name: string): DomainError => err('objectDoesNotExist', `There is no flagtype named '${name}'.`),
  flagTypeNotEditable: (name: string): DomainError =>
    err(
      'flagTypeNotEditable',
      `You are not allowed to edit properties of the '${name}' flag type, because this flag type is not available for the products you can administer.`,
    ),
  flagTypeIdInUse: (id: number): DomainError => err('userError', `The flag type id ${id} is already in use.`),
  idOutOfRange: (what: string, id: number): DomainError =>
    err('userError', `The ${what} id ${id} is outside the range of ids (${FLAG_TYPE_LIMITS.id.min} to ${FLAG_TYPE_LIMITS.id.max}).`),

  // --- setting flags (Bugzilla's Flag.pm and WebService::Util extract_flags)
  flagNotFound: (id: number): DomainError => err('objectDoesNotExist', `There is no flag with the id '${id}'.`),
  flagNotUnique: (value: string | number): DomainError =>
    err('flagNotUnique', `The flag '${value}' has been set multiple times. You must specify the id value to update the flag.`),
  flagTypeNotUnique: (name: string): DomainError =>
    err(
      'flagTypeNotUnique',
      `The flag type '${name}' matches several flag types. You must specify the type id value to update or add a flag.`,
    ),
  flagIdentifierRequired: (): DomainError => CommonErrors.paramRequired('id/type_id'),
  flagStatusInvalid: (status: string, flagId: number | null): DomainError =>
    err('flagStatusInvalid', `The flag status ${status}${flagId === null ? '' : ` for flag ID #${flagId}`} is invalid.`),
  flagTypeInactive: (type: string): DomainError =>
    err('flagTypeInactive', `The flag type ${type} is inactive and cannot be used to create new flags.`),
  flagTypeNotMultiplicable: (type: string, target: 'bug' | 'attachment'): DomainError =>
    err('userError', `You cannot have several ${type} flags for this ${target}.`),
  flagUpdateDenied: (type: string, status: string): DomainError =>
    err(
      'flagUpdateDenied',
      `You tried to ${STATUS_VERBS[status] ?? 'request'} ${type}. Only a user with the required permissions may make this change.`,
    ),
  flagNotRequesteeble: (type: string): DomainError => err('flagNotRequesteeble', `You can't ask a specific person for ${type}.`),
  requesteeNotFound: (login: string): DomainError =>
    err(
      'objectDoesNotExist',
      `There is no user named '${login}'. Either you mis-typed the name or that user has not yet registered for a Tracker account.`,
    ),
  requesteeDisabled: (identity: string): DomainError => err('userError', `You can't ask ${identity} because that account is disabled.`),
  requesteeCannotSeeBug: (identity: string, type: string, bugId: number, attachmentId: number | null): DomainError =>
    err(
      'userError',
      `You asked ${identity} for ${type} on bug ${bugId}${attachmentId === null ? '' : `, attachment ${attachmentId}`}, but that bug has been restricted to users in certain groups, and the user you asked isn't in all the groups to which the bug has been restricted. Please choose someone else to ask, or make the bug accessible to users on its CC: list and add that user to the list.`,
    ),
  requesteeCannotSeeAttachment: (identity: string, type: string, bugId: number, attachmentId: number, insiderGroup: string): DomainError =>
    err(
      'userError',
      `You asked ${identity} for ${type} on bug ${bugId}, attachment ${attachmentId}, but that attachment is restricted to users in the ${insiderGroup} group, and the user you asked isn't in that group. Please choose someone else to ask, or ask an administrator to add the user to the group.`,
    ),
  requesteeCannotSet: (identity: string, type: string, grantGroup: string): DomainError =>
    err(
      'userError',
      `${identity} does not have permission to set the ${type} flag. Please select a user who is a member of the ${grantGroup} group.`,
    ),
  attachmentEditDenied: (attachmentId: number): DomainError =>
    err('userError', `You are not authorized to edit attachment ${attachmentId}.`),

  // --- flag activity (BMO's Review extension)
  flagIdInvalid: (value: string): DomainError => err('userError', `The flag id '${value}' is invalid.`),
  flagTypeIdInvalid: (value: string): DomainError => err('userError', `The flag type id '${value}' is invalid.`),
  invalidUsername: (name: string): DomainError =>
    err(
      'invalidUsername',
      `The name ${name} is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.`,
    ),
};
