/**
 * A failure the caller caused or may see: it carries the Bugzilla error code of the
 * contract and a plain-text message. It crosses NATS as data ({code, message}); only the
 * gateway turns a code into an HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
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
