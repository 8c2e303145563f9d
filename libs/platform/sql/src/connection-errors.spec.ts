import { isTransientDatabaseError } from './connection-errors';

describe('isTransientDatabaseError', () => {
  it.each([
    [Object.assign(new Error('connect ENOENT /tmp/x/.s.PGSQL.5432'), { code: 'ENOENT' })],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [new Error('Connection terminated unexpectedly')],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    [Object.assign(new Error('could not serialize access'), { code: '40001' })],
    [Object.assign(new Error('too many connections'), { code: '53300' })],
    [Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: '08006' }) })],
  ])('retries %p', (error) => {
    expect(isTransientDatabaseError(error)).toBe(true);
  });

  it.each([
    [Object.assign(new Error('index row requires 12024 bytes, maximum size is 8191'), { code: '54000' })],
    [Object.assign(new Error('duplicate key value'), { code: '23505' })],
    [Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })],
    [new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string'],
    [null],
  ])('gives up on %p, which would fail again', (error) => {
    expect(isTransientDatabaseError(error)).toBe(false);
  });
});
