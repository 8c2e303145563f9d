import { CommonErrors, DomainError, type ErrorName } from '@tracker/contracts';
import { CATALOG_LIMITS } from './catalog-limits';

/**
 * The catalog's refusals, with Bugzilla's codes and words (its error templates rendered
 * as plain text; codes named in libs/contracts' registry). Errors Bugzilla has no code for
 * are `userError` (32000), as it answers them.
 */
const MAX_SMALLINT = CATALOG_LIMITS.sortKey.max;
const MIN_SMALLINT = CATALOG_LIMITS.sortKey.min;

const err = (error: ErrorName, message: string): DomainError => new DomainError(error, message);
const tooLong = (error: ErrorName, what: string, name: string, max: number): DomainError =>
  err(error, `The name of a ${what} is limited to ${max} characters. '${name}' is too long (${name.length} characters).`);

const ACTIONS = { add: 'add new', edit: 'add, modify or delete', run: 'run' } as const;

export type ObjectKind =
  'product' | 'component' | 'version' | 'milestone' | 'classification' | 'keyword' | 'field' | 'status' | 'user' | 'group' | (string & {});

export const CatalogErrors = {
  loginRequired: CommonErrors.loginRequired,
  authFailure: (group: string, action: 'add' | 'edit' | 'run', object: string): DomainError =>
    err(
      'authFailure',
      `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to ${ACTIONS[action]} ${object}.`,
    ),
  paramsRequired: (fn: string, params: readonly string[]): DomainError =>
    err('paramRequired', `The function ${fn} requires that you set one of the following parameters: ${params.join(', ')}`),
  objectDoesNotExist: (kind: ObjectKind, name: string, product?: string): DomainError =>
    err(
      'objectDoesNotExist',
      `There is no ${kind} named '${name}'${product === undefined ? '' : ` in the '${product}' product`}.${kind === 'user' ? ' Either you mis-typed the name or that user has not yet registered for a Tracker account.' : ''}`,
    ),
  objectIdDoesNotExist: (kind: ObjectKind, id: number): DomainError =>
    err('objectDoesNotExist', `There is no ${kind} with the id '${id}'.`),
  objectNotSpecified: (kind: string): DomainError => err('paramRequired', `You must select/enter a ${kind}.`),
  severalAtOnce: (what: string): DomainError => err('userError', `You cannot set the name of several ${what} at once.`),

  productBlankName: (): DomainError => err('productNameBlank', 'You must enter a name for the product.'),
  productNameTooLong: (name: string): DomainError => tooLong('productNameTooLong', 'product', name, 64),
  productNameInUse: (existing: string): DomainError => err('productNameInUse', `The product name '${existing}' already exists.`),
  productNameDiffInCase: (name: string, existing: string): DomainError =>
    err('productNameInUse', `The product name '${name}' differs from existing product '${existing}' only in case.`),
  productMustHaveDescription: (): DomainError => err('productDescriptionRequired', 'You must enter a description for this product.'),
  productMustHaveVersion: (): DomainError => err('productVersionRequired', 'You must enter a valid version to create a new product.'),
  productMustDefineDefaultMilestone: (product: string, milestone: string): DomainError =>
    err(
      'productMilestoneUndefined',
      `You must create the milestone '${milestone}' before it can be made the default milestone for product '${product}'.`,
    ),
  productAccessDenied: (product: string | number): DomainError =>
    err(
      'productAccessDenied',
      typeof product === 'number'
        ? `Either the product with the id ${product} does not exist or you don't have access to it.`
        : `Either the product '${product}' does not exist or you don't have access to it.`,
    ),
  invalidProductType: (type: string): DomainError =>
    err('userError', `The product type '${type}' is invalid. Valid choices are 'accessible', 'selectable', and 'enterable'.`),
  productIllegalGroup: (group: string): DomainError =>
    err('userError', `${group} is not an active bug group and so you cannot edit group controls for it.`),
  illegalGroupControlCombination: (group: string): DomainError =>
    err('userError', `Your group control combination for group "${group}" is illegal.`),

  componentBlankName: (): DomainError => err('userError', 'You must enter a name for this new component.'),
  componentNameTooLong: (name: string): DomainError => tooLong('invalidComponent', 'component', name, 64),
  componentAlreadyExists: (product: string, name: string): DomainError =>
    err('componentExists', `The ${product} product already has a component named ${name}.`),
  componentBlankDescription: (): DomainError => err('userError', 'You must enter a non-blank description for this component.'),
  componentNeedInitialOwner: (): DomainError => err('userError', 'A default assignee is required for this component.'),

  versionBlankName: (): DomainError => err('userError', 'You must enter a name for this version.'),
  versionNameTooLong: (name: string): DomainError => tooLong('userError', 'version', name, 64),
  versionAlreadyExists: (name: string, product: string): DomainError =>
    err('userError', `The version '${name}' already exists for product '${product}'.`),
  milestoneBlankName: (): DomainError => err('userError', 'You must enter a name for this milestone.'),
  milestoneNameTooLong: (name: string): DomainError => tooLong('userError', 'milestone', name, 64),
  milestoneAlreadyExists: (name: string, product: string): DomainError =>
    err('userError', `The milestone '${name}' already exists for product '${product}'.`),
  milestoneSortkeyInvalid: (sortKey: unknown): DomainError =>
    err('userError', `The sortkey '${String(sortKey)}' is not in the range ${MIN_SMALLINT} ≤ sortkey ≤ ${MAX_SMALLINT}.`),

  classificationNotEnabled: (): DomainError => err('classificationDisabled', 'Sorry, classification is not enabled.'),
  classificationNotSpecified: (): DomainError => err('userError', 'You must enter a classification name.'),
  classificationNameTooLong: (name: string): DomainError => tooLong('userError', 'classification', name, 64),
  classificationAlreadyExists: (name: string): DomainError => err('userError', `A classification with the name '${name}' already exists.`),
  classificationInvalidSortkey: (sortKey: unknown): DomainError =>
    err('userError', `The sortkey '${String(sortKey)}' is invalid. It must be an integer between 0 and ${MAX_SMALLINT}.`),

  keywordBlankName: (): DomainError => err('userError', 'You must enter a non-blank name for the keyword.'),
  keywordInvalidName: (): DomainError => err('userError', 'You may not use commas or whitespace in a keyword name.'),
  keywordAlreadyExists: (name: string): DomainError => err('userError', `A keyword with the name ${name} already exists.`),
  keywordBlankDescription: (): DomainError => err('userError', 'You must enter a non-blank description for the keyword.'),

  fieldMissingName: (): DomainError => err('userError', 'You must enter a name for this field.'),
  fieldInvalidName: (name: string): DomainError =>
    err('userError', `'${name}' is not a valid name for a field. A name may contain only letters, numbers, and the underscore character.`),
  fieldAlreadyExists: (name: string, displayName: string): DomainError =>
    err('userError', `The field '${name}' (${displayName}) already exists. Please choose another name.`),
  fieldMissingDescription: (): DomainError => err('userError', 'You must enter a description for this field.'),
  fieldLongDescTooLong: (): DomainError =>
    err('userError', 'The long description you have provided for this field is longer than 255 characters.'),
  fieldInvalidSortkey: (sortKey: unknown): DomainError =>
    err('userError', `The sortkey ${String(sortKey)} that you have provided for this field is not a valid positive integer.`),
  fieldTypeNotSpecified: (): DomainError => err('userError', 'You must specify a type when creating a custom field.'),
  invalidFieldType: (type: unknown): DomainError => err('userError', `The type ${String(type)} is not a valid field type.`),
  fieldValueControlSelectOnly: (): DomainError =>
    err('userError', 'Only Drop-Down or Multi-Select fields can have a field that controls their values.'),
  fieldControlMustBeSelect: (displayName: string): DomainError =>
    err(
      'userError',
      `Only drop-down and multi-select fields can be used to control the visibility/values of other fields. ${displayName} is not the right type of field.`,
    ),
  fieldCantControlSelf: (displayName: string): DomainError => err('userError', `The ${displayName} field can't be set to control itself.`),
  fieldVisibilityValuesMustBeSelected: (name: string): DomainError =>
    err('userError', `At least one value must be selected for the visibility field '${name}'.`),
  fieldNotCustom: (displayName: string, name: string): DomainError => err('userError', `'${displayName}' (${name}) is not a custom field.`),
  fieldNotEditable: (name: string): DomainError =>
    err('userError', `The field '${name}' does not exist or cannot be edited with this interface.`),

  fieldValueUndefined: (): DomainError => err('userError', 'You must specify a value.'),
  fieldValueNameTooLong: (value: string): DomainError =>
    err('userError', `The value of a field is limited to 64 characters. '${value}' is too long (${value.length} characters).`),
  fieldValueAlreadyExists: (value: string, field: string): DomainError =>
    err('userError', `The value '${value}' already exists for the ${field} field.`),
  fieldValueSortkeyInvalid: (sortKey: unknown, field: string): DomainError =>
    err('userError', `The sortkey '${String(sortKey)}' for the ${field} field must be an integer between 0 and ${MAX_SMALLINT}.`),
  fieldValueReservedWord: (value: string, field: string): DomainError =>
    err(
      'userError',
      `You cannot use the value '${value}' for the '${field}' field. This value is used internally. Please choose another one.`,
    ),
  fieldValueNotEditable: (value: string, field: string): DomainError =>
    err('userError', `The value '${value}' cannot be renamed because it plays some special role for the '${field}' field.`),
  fieldValueNotDeletable: (value: string, field: string): DomainError =>
    err('userError', `The value '${value}' cannot be removed or disabled, because it plays some special role for the '${field}' field.`),
  fieldValueIsDefault: (value: string, field: string): DomainError =>
    err('userError', `'${value}' is the default value for the '${field}' field and cannot be deleted or disabled.`),

  transitionToItself: (status: string): DomainError =>
    err('userError', `A bug always may stay in the status ${status}; a transition from ${status} to itself cannot be set.`),
  duplicateStatusMustBeClosed: (status: string): DomainError =>
    err('userError', `The status ${status} cannot be the status of duplicates: it must be a closed status.`),
};

export const SMALLINT = { min: MIN_SMALLINT, max: MAX_SMALLINT } as const;
