import type { AuthContext, FieldSelection } from '@tracker/contracts';
import type { MessageBus } from '@tracker/platform/messaging';
import type { z } from 'zod';
import type { BlobRef } from '../downloads/blob-etag';

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
  /** the call's parameters as the route's schema coerced them (a composer may follow them: `as_of`) */
  readonly params?: unknown;
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
  /** the body's `field` is streamed into the blob store and the service gets a claim instead (uploads/) */
  readonly upload?: RouteUpload;
  /** adds what other services own to the result (an attachment's flags), before filtering */
  readonly compose?: readonly Composer[];
  /** the result names blobs whose bytes the response carries, streamed from the blob store (downloads/) */
  readonly blobs?: RouteBlobs;
}

/**
 * An upload route (docs/attachments.md §6.2): the body is read as a stream, never buffered
 * whole nor held to the generic body limit; `field` (base64) is decoded into a staging
 * object, and the service receives the claim under `claimParam`, which the gateway always
 * sets or removes itself, so no client can forge one.
 */
export interface RouteUpload {
  readonly field: string;
  readonly claimParam: string;
}

export type Composer = (result: unknown, context: CallContext, bus: MessageBus) => Promise<unknown>;

/** a service's result as the client gets it: what every composer adds, then the route's filter */
export async function composedResult(route: Route, result: unknown, context: CallContext, bus: MessageBus): Promise<unknown> {
  let composed = result;
  for (const compose of route.compose ?? []) composed = await compose(composed, context, bus);
  return route.filterResponse ? route.filterResponse(composed, context.fields) : composed;
}

/**
 * Where the blobs of a result are (docs/attachments.md §6.5): `take` separates the
 * service's references from the answer; after composing and filtering, `place` puts
 * `data(ref)` (a placeholder the renderer replaces by the blob's base64 as it streams) in
 * each object that still wants it.
 */
export interface RouteBlobs {
  take(result: unknown): { readonly result: unknown; readonly blobs: Readonly<Record<string, BlobRef>> | undefined };
  place(result: unknown, blobs: Readonly<Record<string, BlobRef>>, fields: FieldSelection, data: (blob: BlobRef) => string): unknown;
}
