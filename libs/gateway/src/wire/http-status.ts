import { ErrorCode } from '@tracker/contracts';

/**
 * The HTTP status of each error code: Bugzilla's REST map (R5 and R6), plus 413 for an
 * oversized request as BMO answers it, and Tracker's own 1004xx/1005xx codes, which carry
 * their status in their last three digits (414/431 for an oversized request line or
 * headers, 500 unexpected failure, 503 not available now, 504 no answer in time).
 * Every other code is a client error, 400. This table is the only place a code becomes
 * a status.
 */
const STATUS_BY_CODE: ReadonlyMap<number, number> = new Map([
  [51, 404],
  [101, 404],
  [ErrorCode.resourceNotFound, 404],
  [102, 401],
  [106, 401],
  [109, 401],
  [110, 401],
  [113, 401],
  [115, 401],
  [120, 401],
  [300, 401],
  [301, 401],
  [302, 401],
  [303, 401],
  [304, 401],
  [ErrorCode.loginRequired, 401],
  [504, 401],
  [505, 401],
  [ErrorCode.requestTooLarge, 413],
  [ErrorCode.requestUriTooLong, 414],
  [ErrorCode.headersTooLarge, 431],
  [ErrorCode.internalError, 500],
  [ErrorCode.serviceUnavailable, 503],
  [ErrorCode.serviceTimeout, 504],
]);

export function httpStatusFor(code: number): number {
  return STATUS_BY_CODE.get(code) ?? 400;
}
