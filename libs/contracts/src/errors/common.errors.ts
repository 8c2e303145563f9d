import { DomainError } from './domain-error';

/**
 * Error codes shared by every service (Bugzilla's WebService constants). A service names
 * its own errors in `<svc>.errors.ts`; these are the ones the platform itself raises.
 */
export const ErrorCode = {
  paramRequired: 50,
  objectDoesNotExist: 51,
  paramMustBeNumeric: 52,
  paramInvalid: 53,
  numberTooLarge: 54,
  numberTooSmall: 55,
  illegalDate: 56,
  loginRequired: 410,
  requestTooLarge: 58,
  unknownUserError: 32000,
  invalidCallback: 32611,
  illegalContentType: 32613,
  resourceNotFound: 32614,
  /** Tracker's own, after Bugzilla's 100500: the request line and headers are too long (HTTP 414) */
  requestUriTooLong: 100414,
  /** the headers alone are too large (HTTP 431) */
  headersTooLarge: 100431,
  internalError: 100500,
  /** a service cannot serve this now (not ready, not running, storage away); retry later (HTTP 503) */
  serviceUnavailable: 100503,
  /** a service did not answer in time; the request may still complete (HTTP 504) */
  serviceTimeout: 100504,
} as const;

export const CommonErrors = {
  paramRequired: (param: string, fn?: string): DomainError =>
    new DomainError(
      ErrorCode.paramRequired,
      fn
        ? `The function ${fn} requires a ${param} argument, and that argument was not set.`
        : `The function requires a ${param} argument, and that argument was not set.`,
    ),
  mustBeNumeric: (param: string, value: unknown): DomainError =>
    new DomainError(ErrorCode.paramMustBeNumeric, `Invalid parameter '${param}': '${String(value)}' must be an integer.`),
  invalidParam: (param: string, value: unknown): DomainError =>
    new DomainError(ErrorCode.paramInvalid, `The value '${String(value)}' is not valid for the '${param}' parameter.`),
  illegalDate: (value: unknown): DomainError =>
    new DomainError(ErrorCode.illegalDate, `'${String(value)}' is not a legal date.`),
  loginRequired: (): DomainError =>
    new DomainError(ErrorCode.loginRequired, 'You must log in before using this part of Tracker.'),
  userError: (message: string): DomainError => new DomainError(ErrorCode.unknownUserError, message),
  serviceUnavailable: (message: string): DomainError => new DomainError(ErrorCode.serviceUnavailable, message),
  internal: (correlationId: string): DomainError =>
    new DomainError(
      ErrorCode.internalError,
      `An internal error occurred. Please quote correlation id ${correlationId} when reporting it.`,
    ),
};
