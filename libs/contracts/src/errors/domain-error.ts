import { ERRORS, type ErrorName } from './error-codes';

/**
 * A failure the caller caused or may see: the Bugzilla error code of the contract, named
 * in the registry (error-codes.ts), and a plain-text message. It crosses NATS as data
 * ({code, message}); only the gateway turns a code into an HTTP status.
 */
export class DomainError extends Error {
  readonly code: number;

  constructor(error: ErrorName, message: string);
  /** an error that crossed the transport as data, its code kept as it came */
  constructor(data: ErrorData);
  constructor(error: ErrorName | ErrorData, message?: string) {
    super(typeof error === 'string' ? message : error.message);
    this.name = 'DomainError';
    this.code = typeof error === 'string' ? ERRORS[error].code : error.code;
  }

  toData(): ErrorData {
    return { code: this.code, message: this.message };
  }
}

export interface ErrorData {
  readonly code: number;
  readonly message: string;
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
