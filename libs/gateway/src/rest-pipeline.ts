import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type AttachmentClaim,
  CommonErrors,
  DomainError,
  type FieldSelection,
  httpStatusOf,
  isDomainError,
  parseParams,
  type ServiceRequest,
} from '@tracker/contracts';
import { fieldSelection } from '@tracker/field-filter';
import { MESSAGE_BUS, type MessageBus, currentCorrelationId } from '@tracker/platform/messaging';
import { BlobBodyRenderer } from './downloads/blob-body.renderer';
import { releasedOnFailure, type ResponseBlobs, settled } from './downloads/opened-blob';
import { type CallContext, composedResult, type Route } from './routing/route';
import { ROUTE_TABLE } from './routing/route-table.token';
import type { RouteMatch, RouteTable } from './routing/route-table';
import { extractCredentials } from './wire/credentials';
import { RequestCaller } from './wire/request-caller';
import { validateCallback } from './wire/jsonp-callback';
import { assertAcceptableParams, assertAcceptablePathParams } from './wire/params-guard';
import { type Params, dropUnsafeKeys, mergeParams, parseBody, parseQuery } from './wire/request-params';
import { COMMON_HEADERS, PREFLIGHT_HEADERS, RETRY_AFTER_SECONDS, correlationIdOf, header } from './wire/request-headers';
import { etagMatches, type RenderedBody, renderBody } from './wire/response-body';
import { type ResponseFormat, negotiateFormat } from './wire/response-format';
import { RouteUploads } from './uploads/route-uploads';
import { IdempotencyGuard, REPLAYED_HEADERS, idempotencyHeaders, idempotencyKeyOf } from './idempotency/idempotency-guard';

export interface RestRequest {
  readonly method: string;
  /** the path below /rest, e.g. `/bug/42` */
  readonly path: string;
  readonly queryString: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string | undefined;
  /** an upload route's body, unread (http/rest-http-server.ts): the upload reader streams it */
  readonly bodyStream?: Readable;
  readonly ip: string;
  /** the route table's answer for this method and path, when the caller has matched it already */
  readonly match?: RouteMatch | undefined;
}

export interface RestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** null for responses without a body (HEAD, 304); a stream for one carrying blobs, its length in the headers */
  readonly payload: string | Readable | null;
}

/** A service's answer, filtered, and the blobs its response carries (only on routes with `blobs`). */
interface CallOutcome {
  readonly result: unknown;
  /** the stored reply to an Idempotency-Key's earlier request (idempotency/) */
  readonly replayed?: true;
  readonly blobs?: ResponseBlobs;
}

export { COMMON_HEADERS } from './wire/request-headers';

const DOCUMENTATION = 'https://bugzilla.readthedocs.org/en/5.0/api/';

/**
 * One REST call from bytes to bytes: negotiation, parameters, credentials, routing,
 * coercion, the service call, field filtering, and the response or the error envelope
 * with Bugzilla's status for its code. Nothing here knows Fastify.
 */
@Injectable()
export class RestPipeline {
  private readonly logger = new Logger('Gateway');

  constructor(
    @Inject(ROUTE_TABLE) private readonly routes: RouteTable,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly callers: RequestCaller,
    private readonly uploads: RouteUploads,
    private readonly blobBodies: BlobBodyRenderer,
    private readonly idempotency: IdempotencyGuard,
  ) {}

  async handle(request: RestRequest): Promise<RestResponse> {
    // the HTTP server opened the request's correlation context (rest-http-server.ts); a direct caller gets one here
    const correlationId = currentCorrelationId() ?? correlationIdOf(request.headers) ?? randomUUID();
    const format = negotiateFormat(header(request.headers, 'accept'));
    let callback: string | undefined;
    try {
      const query = parseQuery(request.queryString);
      assertAcceptableParams(query);
      if (query['callback'] !== undefined) callback = validateCallback(query['callback']);
      const match = request.match ?? this.routes.match(request.method, request.path);
      if (match.kind === 'other-methods' && request.method === 'OPTIONS') {
        const allowed = match.allowed.join(', ');
        return await this.success(request, correlationId, { result: {} }, 200, format, callback, {
          allow: allowed,
          'access-control-allow-methods': allowed,
          ...PREFLIGHT_HEADERS,
        });
      }
      if (match.kind !== 'found') {
        throw new DomainError('resourceNotFound', `A REST API resource was not found for '${request.method} ${request.path}'.`);
      }
      const idempotencyKey = idempotencyKeyOf(request.method, request.headers, match.route);
      const upload = match.route.upload && request.method !== 'GET' ? match.route.upload : undefined;
      const read = upload
        ? await this.uploads.read(upload, request.bodyStream ?? request.body, header(request.headers, 'content-type'), query)
        : undefined;
      try {
        const body = read ? read.params : request.method === 'GET' ? {} : parseBody(header(request.headers, 'content-type'), request.body);
        assertAcceptableParams(body);
        assertAcceptablePathParams(match.pathParams);
        const serve = (): Promise<CallOutcome> =>
          this.call(match.route, match.pathParams, mergeParams(query, body), request, correlationId, read?.upload);
        // with an Idempotency-Key, at most once (idempotency/)
        const outcome = await this.idempotency.run({ key: idempotencyKey, route: match.route, request, query, body, correlationId }, serve);
        return await settled(outcome, this.success(request, correlationId, outcome, match.route.successStatus ?? 200, format, callback));
      } catch (error) {
        await this.uploads.discard(read?.upload, correlationId);
        throw error;
      }
    } catch (error) {
      // an invalid callback leaves `callback` unset, so its own error is plain JSON
      return this.failure(request, correlationId, error, format, callback);
    }
  }

  /** The error response for a failure met before the pipeline could run (bad body, unknown prefix). */
  handleError(method: string, headers: RestRequest['headers'], error: unknown): RestResponse {
    const correlationId = currentCorrelationId() ?? correlationIdOf(headers) ?? randomUUID();
    return this.failure({ method, headers }, correlationId, error, negotiateFormat(header(headers, 'accept')), undefined);
  }

  private async call(
    route: Route,
    pathParams: Readonly<Record<string, string>>,
    merged: Params,
    request: RestRequest,
    correlationId: string,
    claim: AttachmentClaim | undefined,
  ): Promise<CallOutcome> {
    const { credentials, params } = extractCredentials(dropUnsafeKeys(merged), request.headers, route.credentials === 'passed');
    const fields: FieldSelection = fieldSelection(params['include_fields'], params['exclude_fields']);
    for (const consumed of ['include_fields', 'exclude_fields', 'callback']) if (consumed in params) delete params[consumed];
    const auth = await this.callers.of(route, merged, request, correlationId);
    const raw: Params = route.credentials === 'passed' ? { ...params, ...pathParams, credentials } : { ...params, ...pathParams };
    // the claim is the gateway's alone: a client's own is dropped
    if (route.upload) delete raw[route.upload.claimParam];
    if (route.upload && claim) raw[route.upload.claimParam] = claim;
    const payload = route.params ? parseParams(route.params, raw) : raw;
    const context: CallContext = { auth, correlationId, fields, params: payload };
    const answer =
      route.target.kind === 'local'
        ? await route.target.answer(payload, context)
        : await this.bus.request(route.target.subject, { auth, correlationId, params: payload, fields } satisfies ServiceRequest);
    const taken = route.blobs ? route.blobs.take(answer) : { result: answer, blobs: undefined };
    const refs = taken.blobs && Object.keys(taken.blobs).length > 0 ? taken.blobs : undefined;
    const opened = refs ? this.blobBodies.open(refs, request.method, header(request.headers, 'if-none-match')) : undefined;
    const result = await releasedOnFailure(opened, () => composedResult(route, taken.result, context, this.bus));
    return refs ? { result, blobs: { route, refs, fields, opened } } : { result };
  }

  private async success(
    request: RestRequest,
    correlationId: string,
    { result, blobs, replayed }: CallOutcome,
    status: number,
    format: ResponseFormat,
    callback: string | undefined,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<RestResponse> {
    // Bugzilla wraps a scalar result (logout's null, valid_login's boolean) in {result}
    const body = result !== null && typeof result === 'object' ? result : { result: result ?? null };
    const rendered = blobs
      ? this.blobBodies.render(
          (marks) => blobs.route.blobs?.place(body, blobs.refs, blobs.fields, (blob) => marks.place(blob)),
          format,
          callback,
          blobs.opened,
        )
      : renderBody(body, format, callback);
    // a replay (an Idempotency-Key's stored reply) is marked; extra headers are OPTIONS' own
    const headers = responseHeaders(rendered, replayed ? REPLAYED_HEADERS : extraHeaders);
    // a success names the correlation id only when the client brought one to trace
    if (correlationIdOf(request.headers)) headers['x-correlation-id'] = correlationId;
    if (request.method === 'GET' && status === 200 && etagMatches(header(request.headers, 'if-none-match'), rendered.etag)) {
      return { status: 304, headers, payload: null };
    }
    if ('payload' in rendered) return { status, headers, payload: request.method === 'HEAD' ? null : rendered.payload };
    // every blob checked before the first byte: a missing one is a 500, never short data
    await this.blobBodies.check(rendered, correlationId);
    headers['content-length'] = String(rendered.length);
    return { status, headers, payload: this.blobBodies.stream(rendered) };
  }

  private failure(
    request: Pick<RestRequest, 'method' | 'headers' | 'bodyStream'>,
    correlationId: string,
    error: unknown,
    format: ResponseFormat,
    callback: string | undefined,
  ): RestResponse {
    const domainError = isDomainError(error) ? error : this.unexpected(error, correlationId, request.bodyStream);
    const envelope = { error: true, code: domainError.code, message: domainError.message, documentation: DOCUMENTATION };
    const rendered = renderBody(envelope, format, callback);
    const status = httpStatusOf(domainError.code);
    const headers = responseHeaders(rendered, status === 503 ? RETRY_LATER : NO_HEADERS, idempotencyHeaders(error));
    // an upload answered before its body was read (600 at the drain cap, a refusal before reading): no more of it is wanted
    if (request.bodyStream && !request.bodyStream.readableEnded) headers['connection'] = 'close';
    headers['x-correlation-id'] = correlationId;
    return { status, headers, payload: request.method === 'HEAD' ? null : rendered.payload };
  }

  private unexpected(error: unknown, correlationId: string, bodyStream?: Readable): DomainError {
    // an upload whose client went away: nobody reads the answer, and it is no fault of Tracker's
    if (bodyStream?.destroyed && !bodyStream.readableEnded) {
      this.logger.warn(`[${correlationId}] the client went away during the upload; nothing was kept`);
      return CommonErrors.internal(correlationId);
    }
    this.logger.error(`[${correlationId}] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return CommonErrors.internal(correlationId);
  }
}

const NO_HEADERS: Readonly<Record<string, string>> = {};
const RETRY_LATER: Readonly<Record<string, string>> = { 'retry-after': RETRY_AFTER_SECONDS };

/**
 * A response's headers: the common ones, `extra` in order, then the body's type and ETag.
 * Built by assignment: in Node 20's V8 an object literal that adds keys after a spread
 * defines each through the runtime, ~1.6 µs a key (docs/benchmarks.md).
 */
function responseHeaders(
  rendered: Pick<RenderedBody, 'contentType' | 'etag'>,
  ...extra: ReadonlyArray<Readonly<Record<string, string>>>
): Record<string, string> {
  // not `{ ...COMMON_HEADERS }`: keys added to a spread's clone are slow too; from `{}` they follow cached transitions
  const headers: Record<string, string> = Object.assign({}, COMMON_HEADERS);
  for (const more of extra) Object.assign(headers, more);
  headers['content-type'] = rendered.contentType;
  headers['etag'] = rendered.etag;
  return headers;
}
