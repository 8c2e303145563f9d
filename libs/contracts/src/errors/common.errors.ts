import { DomainError } from './domain-error';

/** The errors every service and the platform raise alike; each service names its own in `<svc>.errors.ts`. */
export const CommonErrors = {
  paramRequired: (param: string, fn?: string): DomainError =>
    new DomainError(
      'paramRequired',
      fn
        ? `The function ${fn} requires a ${param} argument, and that argument was not set.`
        : `The function requires a ${param} argument, and that argument was not set.`,
    ),
  mustBeNumeric: (param: string, value: unknown): DomainError =>
    new DomainError('paramMustBeNumeric', `Invalid parameter '${param}': '${String(value)}' must be an integer.`),
  invalidParam: (param: string, value: unknown): DomainError =>
    new DomainError('paramInvalid', `The value '${String(value)}' is not valid for the '${param}' parameter.`),
  illegalDate: (value: unknown): DomainError => new DomainError('illegalDate', `'${String(value)}' is not a legal date.`),
  loginRequired: (): DomainError => new DomainError('loginRequired', 'You must log in before using this part of Tracker.'),
  /** Bugzilla's auth_failure: `action` reads as in "not authorized to <action>". */
  notInGroup: (group: string, action: string): DomainError =>
    new DomainError('authFailure', `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to ${action}.`),
  userError: (message: string): DomainError => new DomainError('userError', message),
  /**
   * A text over the limit its read model holds, where Bugzilla has no code of its own (32000);
   * the message names the field and the limit, never echoes the text.
   */
  textTooLong: (field: string, limit: number, length: number): DomainError =>
    new DomainError('userError', `The ${field} is limited to ${limit} characters; the one given has ${length}.`),
  /** a service cannot serve this now (not ready, not running, storage away): retry later */
  serviceUnavailable: (message: string): DomainError => new DomainError('serviceUnavailable', message),
  /**
   * the request may have been carried out (it was recorded, or its answer was lost): 504, so
   * an Idempotency-Key stays in doubt and a retry cannot apply it twice
   */
  changeInDoubt: (message: string): DomainError => new DomainError('serviceTimeout', message),
  internal: (correlationId: string): DomainError =>
    new DomainError('internalError', `An internal error occurred. Please quote correlation id ${correlationId} when reporting it.`),
};
