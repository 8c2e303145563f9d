import { CommonErrors } from './common.errors';
import { DomainError } from './domain-error';
import { ERRORS, ErrorCode, httpStatusOf, isKnownErrorCode } from './error-codes';

describe('the error registry', () => {
  it('gives every code one name', () => {
    const codes = Object.values(ERRORS).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    [51, 404],
    [101, 404],
    [32614, 404],
    [102, 401],
    [106, 401],
    [109, 401],
    [110, 401],
    [113, 401],
    [115, 401],
    [120, 401],
    [300, 401],
    [301, 401],
    [304, 401],
    [410, 401],
    [504, 401],
    [505, 401],
    [306, 400],
    [32000, 400],
    [32001, 400],
    [32002, 422],
    [32003, 409],
    [32004, 409],
    [100, 400],
    [50, 400],
    [105, 400],
    [129, 400],
    [130, 400],
    [131, 400],
    [132, 400],
    [133, 400],
    [134, 400],
    [501, 400],
    [1101, 400],
    [1102, 400],
    [1103, 400],
    [1104, 400],
    [1105, 400],
    [58, 413],
    [100414, 414],
    [100431, 431],
    [100500, 500],
    [100503, 503],
    [100504, 504],
  ])("answers code %p with Bugzilla's HTTP %p", (code, status) => {
    expect([isKnownErrorCode(code), httpStatusOf(code)]).toEqual([true, status]);
  });

  it('answers a code it does not know with 400, as Bugzilla', () => {
    expect([isKnownErrorCode(12345), httpStatusOf(12345)]).toEqual([false, 400]);
  });

  it('builds errors by name and keeps the code of one that crossed the wire', () => {
    expect(new DomainError('bugAccessDenied', 'no').toData()).toEqual({ code: 102, message: 'no' });
    expect(new DomainError({ code: 99999, message: 'remote' }).toData()).toEqual({ code: 99999, message: 'remote' });
    expect(ErrorCode.userError).toBe(32000);
  });

  it('gives the errors every service shares registered codes', () => {
    const shared = [
      CommonErrors.paramRequired('ids'),
      CommonErrors.mustBeNumeric('id', 'x'),
      CommonErrors.invalidParam('x', 'y'),
      CommonErrors.illegalDate('x'),
      CommonErrors.loginRequired(),
      CommonErrors.notInGroup('admin', 'do it'),
      CommonErrors.userError('no'),
      CommonErrors.internal('c-1'),
    ];
    expect(shared.map((error) => [error.code, isKnownErrorCode(error.code)])).toEqual([
      [50, true],
      [52, true],
      [53, true],
      [56, true],
      [410, true],
      [304, true],
      [32000, true],
      [100500, true],
    ]);
  });
});
