import type { AuthContext, FieldSelection } from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import type { z } from 'zod';

/**
 * One REST endpoint: method, path below /rest (`:name` matches one path segment), what
 * answers it (a service message, or the gateway itself), the schema that coerces its
 * parameters, and how its response is filtered by include_fields / exclude_fields.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface CallContext {
  readonly auth: AuthContext;
  readonly correlationId: string;
  readonly fields: FieldSelection;
}

export type RouteTarget =
  | { readonly kind: 'message'; readonly subject: string }
  | { readonly kind: 'local'; readonly answer: (params: unknown, context: CallContext) => unknown };

export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly target: RouteTarget;
  /** coerces the merged parameters (path segments included under their names); default: as they are */
  readonly params?: z.ZodType;
  /** 200 unless stated; Bugzilla answers most creates with 201 */
  readonly successStatus?: 200 | 201;
  /**
   * 'optional' (default): credentials, if any, are checked and must be valid;
   * 'ignored': the call never authenticates (version, time), as Bugzilla's login-exempt methods;
   * 'passed': the credentials are also handed to the service (the login call itself).
   */
  readonly credentials?: 'optional' | 'ignored' | 'passed';
  /** trims the service's result to the fields the client asked for */
  readonly filterResponse?: (result: unknown, fields: FieldSelection) => unknown;
  /** adds what other services own to the result (a bug's flags), before filtering */
  readonly compose?: readonly Composer[];
}

/** One composition step (docs/bug-stream-writes.md §4): skipped when the client does not want its field, one batched request per response. */
export type Composer = (result: unknown, context: CallContext, bus: MessageBus) => Promise<unknown>;
