/**
 * Whether a database failure is about reaching the database rather than about the
 * statement: the connection could not be made or was lost (a restart, a dead embedded
 * worker), the server is shutting down or out of resources, or the transaction lost a
 * race (serialization failure, deadlock). Trying the same work again later may succeed;
 * any other failure would fail the same way again.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
/** SQLSTATE classes: 08 connection exception, 40 transaction rollback, 53 insufficient resources, 57 operator intervention, 58 system error */
const TRANSIENT_SQLSTATE = /^(?:08|40|53|57|58)|^55P03$/;
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended/i;

export function isTransientDatabaseError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE.test(code)))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // TypeORM wraps the driver's error; Node wraps causes
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
