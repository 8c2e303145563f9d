/**
 * Every error Tracker answers with, by name: the Bugzilla error code (WebService::Constants
 * WS_ERROR_CODE and the codes its templates raise) and the HTTP status Bugzilla's REST API
 * answers it with (REST_STATUS_CODE_MAP; everything else is 400). This is the only place a
 * code or a status is written: domain errors name an entry (`new DomainError('bugAccessDenied', ...)`),
 * the gateway asks `httpStatusOf(code)`. One name per code; several refusals share a code
 * (every alias refusal is `invalidAlias`, every refusal Bugzilla has no code for `userError`).
 */
export const ERRORS = {
  // parameters (Bugzilla's WebService errors)
  paramRequired: { code: 50, status: 400 },
  objectDoesNotExist: { code: 51, status: 404 },
  paramMustBeNumeric: { code: 52, status: 400 },
  paramInvalid: { code: 53, status: 400 },
  numberTooLarge: { code: 54, status: 400 },
  numberTooSmall: { code: 55, status: 400 },
  illegalDate: { code: 56, status: 400 },
  paramMustBeInteger: { code: 57, status: 400 },
  requestTooLarge: { code: 58, status: 413 },
  // bugs and comments
  invalidBugId: { code: 100, status: 400 },
  bugDoesNotExist: { code: 101, status: 404 },
  bugAccessDenied: { code: 102, status: 401 },
  invalidAlias: { code: 103, status: 400 },
  fieldTooLong: { code: 104, status: 400 },
  invalidComponent: { code: 105, status: 400 },
  productAccessDenied: { code: 106, status: 401 },
  summaryRequired: { code: 107, status: 400 },
  invalidFieldName: { code: 108, status: 400 },
  bugEditDenied: { code: 109, status: 401 },
  commentIsPrivate: { code: 110, status: 401 },
  invalidCommentId: { code: 111, status: 400 },
  invalidSeeAlso: { code: 112, status: 400 },
  privacyChangeDenied: { code: 113, status: 401 },
  commentTooLong: { code: 114, status: 400 },
  fieldChangeDenied: { code: 115, status: 401 },
  dependencyLoop: { code: 116, status: 400 },
  invalidCommentPrivacy: { code: 117, status: 400 },
  duplicateLoop: { code: 118, status: 400 },
  duplicateIdRequired: { code: 119, status: 400 },
  groupRestrictionDenied: { code: 120, status: 401 },
  resolutionRequired: { code: 121, status: 400 },
  resolutionNotAllowed: { code: 122, status: 400 },
  statusTransitionDenied: { code: 123, status: 400 },
  commentTaggingDisabled: { code: 125, status: 400 },
  invalidCommentTag: { code: 126, status: 400 },
  commentTagTooLong: { code: 127, status: 400 },
  commentTagTooShort: { code: 128, status: 400 },
  /** master's markdown_disabled: `is_markdown` while TRACKER_USE_MARKDOWN is false */
  markdownDisabled: { code: 140, status: 400 },
  // flags (Bugzilla's flag_* errors; 51 and 32000 refusals of flags share objectDoesNotExist and userError)
  flagStatusInvalid: { code: 129, status: 400 },
  flagUpdateDenied: { code: 130, status: 400 },
  flagNotRequesteeble: { code: 131, status: 400 },
  flagNotUnique: { code: 132, status: 400 },
  flagTypeNotUnique: { code: 133, status: 400 },
  flagTypeInactive: { code: 134, status: 400 },
  // authentication and users
  invalidLoginOrPassword: { code: 300, status: 401 },
  accountDisabled: { code: 301, status: 401 },
  authFailure: { code: 304, status: 401 },
  passwordNotComplex: { code: 305, status: 400 },
  apiKeyInvalid: { code: 306, status: 400 },
  loginRequired: { code: 410, status: 401 },
  accountExists: { code: 500, status: 400 },
  illegalEmail: { code: 501, status: 400 },
  passwordTooShort: { code: 502, status: 400 },
  invalidUsername: { code: 504, status: 401 },
  userAccessDenied: { code: 505, status: 401 },
  // attachments (Bugzilla's file_too_large, invalid_content_type, file_not_specified, missing_attachment_description, zero_length_file)
  attachmentTooLarge: { code: 600, status: 400 },
  invalidContentType: { code: 601, status: 400 },
  attachmentFileMissing: { code: 603, status: 400 },
  attachmentSummaryMissing: { code: 604, status: 400 },
  attachmentEmpty: { code: 606, status: 400 },
  // products, groups, classifications, search, flag types, components, last visits
  productNameBlank: { code: 700, status: 400 },
  productNameTooLong: { code: 701, status: 400 },
  productNameInUse: { code: 702, status: 400 },
  productDescriptionRequired: { code: 703, status: 400 },
  productVersionRequired: { code: 704, status: 400 },
  productMilestoneUndefined: { code: 705, status: 400 },
  groupNameEmpty: { code: 800, status: 400 },
  groupExists: { code: 801, status: 400 },
  groupDescriptionEmpty: { code: 802, status: 400 },
  invalidRegexp: { code: 803, status: 400 },
  invalidGroupName: { code: 804, status: 400 },
  groupCannotView: { code: 805, status: 400 },
  classificationDisabled: { code: 900, status: 400 },
  searchTermsRequired: { code: 1000, status: 400 },
  flagTypeNameInvalid: { code: 1101, status: 400 },
  flagTypeDescriptionInvalid: { code: 1102, status: 400 },
  flagTypeCcListInvalid: { code: 1103, status: 400 },
  flagTypeSortkeyInvalid: { code: 1104, status: 400 },
  flagTypeNotEditable: { code: 1105, status: 400 },
  componentExists: { code: 1200, status: 400 },
  userNotInvolved: { code: 1300, status: 400 },
  // Bugzilla's fall-backs and the transport
  userError: { code: 32000, status: 400 },
  invalidCallback: { code: 32611, status: 400 },
  illegalContentType: { code: 32613, status: 400 },
  resourceNotFound: { code: 32614, status: 404 },
  // the gateway's Idempotency-Key (docs/operations.md, safe retries); nothing was called
  /** the key is empty, longer than 255 characters, or on a route that cannot honour it */
  idempotencyKeyInvalid: { code: 32001, status: 400 },
  /** the key was used for a different request by the same caller */
  idempotencyKeyReused: { code: 32002, status: 422 },
  /** the first request with this key is still being served; retry later */
  idempotencyKeyInFlight: { code: 32003, status: 409 },
  /** the first request with this key got no answer and may have been applied */
  idempotencyKeyInDoubt: { code: 32004, status: 409 },
  /** Bugzilla's unknown_method (-32601) as it reaches the wire */
  unknownMethod: { code: 67399, status: 400 },
  // Tracker's own, after Bugzilla's 100500: the last three digits are the HTTP status
  /** the request line is too long to read */
  requestUriTooLong: { code: 100414, status: 414 },
  /** the headers alone are too large to read */
  headersTooLarge: { code: 100431, status: 431 },
  /** an unexpected failure: the message names a correlation id */
  internalError: { code: 100500, status: 500 },
  /** a service cannot serve this now (not ready, not running, storage away); nothing was changed, retry later */
  serviceUnavailable: { code: 100503, status: 503 },
  /** a service did not answer in time; the request may still complete */
  serviceTimeout: { code: 100504, status: 504 },
} as const satisfies Readonly<
  Record<string, { readonly code: number; readonly status: 400 | 401 | 404 | 409 | 413 | 414 | 422 | 431 | 500 | 503 | 504 }>
>;

export type ErrorName = keyof typeof ERRORS;

/** The code of each error, for code that needs the number (zod issue parameters, tests). */
export const ErrorCode = Object.fromEntries(Object.entries(ERRORS).map(([name, entry]) => [name, entry.code])) as {
  readonly [Name in ErrorName]: (typeof ERRORS)[Name]['code'];
};

const STATUS_BY_CODE: ReadonlyMap<number, number> = new Map(Object.values(ERRORS).map((entry) => [entry.code, entry.status]));

/** Whether Tracker knows this code (every code a service raises is one). */
export function isKnownErrorCode(code: number): boolean {
  return STATUS_BY_CODE.has(code);
}

/** The HTTP status of a code; a code Tracker does not know is a client error, 400, as in Bugzilla. */
export function httpStatusOf(code: number): number {
  return STATUS_BY_CODE.get(code) ?? 400;
}
