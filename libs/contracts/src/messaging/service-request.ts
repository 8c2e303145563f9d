import type { AuthContext } from '../auth/auth-context';
import type { ErrorData } from '../errors/domain-error';

/** Which fields the client asked for (include_fields / exclude_fields), pushed down so
 * that a service can skip work for fields nobody will see. */
export interface FieldSelection {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

/** What every request/reply message carries, whatever the transport. */
export interface ServiceRequest<Params = unknown> {
  readonly auth: AuthContext;
  readonly correlationId: string;
  readonly params: Params;
  readonly fields?: FieldSelection;
}

/** Errors travel as data, never as stack traces. */
export type ServiceReply<Result = unknown> =
  { readonly ok: true; readonly result: Result } | { readonly ok: false; readonly error: ErrorData };
