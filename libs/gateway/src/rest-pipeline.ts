import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CommonErrors,
  DomainError,
  type FieldSelection,
  httpStatusOf,
  isDomainError,
  parseParams,
  type ServiceRequest,
} from '@tracker/contracts';
import { fieldSelection } from '@tracker/field-filter';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { AuthResolver } from './auth/auth-resolver';
import type { CallContext, Route } from './routing/route';
import { ROUTE_TABLE } from './routing/route-table.token';
import type { RouteTable } from './routing/route-table';
import { extractCredentials } from './wire/credentials';
import { validateCallback } from './wire/jsonp-callback';
import { assertAcceptableParams, assertAcceptablePathParams } from './wire/params-guard';
import { type Params, dropUnsafeKeys, mergeParams, parseBody, parseQuery } from './wire/request-params';
import { etagMatches, renderBody } from './wire/response-body';
import { type ResponseFormat, negotiateFormat } from './wire/response-format';

export interface RestRequest {
  readonly method: string;
  /** the path below /rest, e.g. `/bug/42` */
  readonly path: string;
  readonly queryString: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string | undefined;
  readonly ip: string;
}

export interface RestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** null for responses without a body (HEAD, 304) */
  readonly payload: string | null;
}

const DOCUMENTATION = 'https://bugzilla.readthedocs.org/en/5.0/api/';

/**
 * Headers of every response, the two protective ones with Bugzilla's values (its CGI
 * sends them on every answer: golden exchanges). The CORS request-header list goes only
 * on OPTIONS (the preflight that reads it): every byte here is paid on every call.
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  vary: 'Accept',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

/** A 503 says when to come back: the service is restarting, or waits for an administrator. */
const RETRY_AFTER_SECONDS = '10';

const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-headers':
    'origin, content-type, accept, x-requested-with, authorization, x-tracker-api-key, x-tracker-login, x-tracker-password, x-tracker-token, x-bugzilla-api-key, x-bugzilla-login, x-bugzilla-password, x-bugzilla-token',
  'access-control-max-age': '600',
};

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
    private readonly authResolver: AuthResolver,
  ) {}

  async handle(request: RestRequest): Promise<RestResponse> {
    const correlationId = correlationIdOf(request.headers) ?? randomUUID();
    const format = negotiateFormat(header(request.headers, 'accept'));
    let callback: string | undefined;
    try {
      const query = parseQuery(request.queryString);
      assertAcceptableParams(query);
      if (query['callback'] !== undefined) callback = validateCallback(query['callback']);
      const match = this.routes.match(request.method, request.path);
      if (match.kind === 'other-methods' && request.method === 'OPTIONS') {
        const allowed = match.allowed.join(', ');
        return this.success(request, correlationId, {}, 200, format, callback, {
          allow: allowed,
          'access-control-allow-methods': allowed,
          ...PREFLIGHT_HEADERS,
        });
      }
      if (match.kind !== 'found') {
        throw new DomainError('resourceNotFound', `A REST API resource was not found for '${request.method} ${request.path}'.`);
      }
      const body = request.method === 'GET' ? {} : parseBody(header(request.headers, 'content-type'), request.body);
      assertAcceptableParams(body);
      assertAcceptablePathParams(match.pathParams);
      const result = await this.call(match.route, match.pathParams, mergeParams(query, body), request, correlationId);
      return this.success(request, correlationId, result, match.route.successStatus ?? 200, format, callback);
    } catch (error) {
      // an invalid callback leaves `callback` unset, so its own error is plain JSON
      return this.failure(request, correlationId, error, format, callback);
    }
  }

  /** The error response for a failure met before the pipeline could run (bad body, unknown prefix). */
  handleError(method: string, headers: RestRequest['headers'], error: unknown): RestResponse {
    const correlationId = correlationIdOf(headers) ?? randomUUID();
    return this.failure({ method, headers }, correlationId, error, negotiateFormat(header(headers, 'accept')), undefined);
  }

  private async call(
    route: Route,
    pathParams: Readonly<Record<string, string>>,
    merged: Params,
    request: RestRequest,
    correlationId: string,
  ): Promise<unknown> {
    const { credentials, params } = extractCredentials(dropUnsafeKeys(merged), request.headers, route.credentials === 'passed');
    const fields: FieldSelection = fieldSelection(params['include_fields'], params['exclude_fields']);
    for (const consumed of ['include_fields', 'exclude_fields', 'callback']) if (consumed in params) delete params[consumed];
    const auth =
      route.credentials === 'ignored'
        ? await this.authResolver.resolve(null, request.ip, correlationId)
        : await this.authResolver.resolve(credentials, request.ip, correlationId);
    const raw = route.credentials === 'passed' ? { ...params, ...pathParams, credentials } : { ...params, ...pathParams };
    const payload = route.params ? parseParams(route.params, raw) : raw;
    const context: CallContext = { auth, correlationId, fields };
    let result =
      route.target.kind === 'local'
        ? await route.target.answer(payload, context)
        : await this.bus.request(route.target.subject, { auth, correlationId, params: payload, fields } satisfies ServiceRequest);
    for (const compose of route.compose ?? []) result = await compose(result, context, this.bus);
    return route.filterResponse ? route.filterResponse(result, fields) : result;
  }

  private success(
    request: RestRequest,
    correlationId: string,
    result: unknown,
    status: number,
    format: ResponseFormat,
    callback: string | undefined,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): RestResponse {
    // Bugzilla wraps a scalar result (logout's null, valid_login's boolean) in {result}
    const body = result !== null && typeof result === 'object' ? result : { result: result ?? null };
    const rendered = renderBody(body, format, callback);
    const headers = {
      ...COMMON_HEADERS,
      ...extraHeaders,
      'content-type': rendered.contentType,
      etag: rendered.etag,
      // a success names the correlation id only when the client brought one to trace
      ...(correlationIdOf(request.headers) ? { 'x-correlation-id': correlationId } : {}),
    };
    if (request.method === 'GET' && status === 200 && etagMatches(header(request.headers, 'if-none-match'), rendered.etag)) {
      return { status: 304, headers, payload: null };
    }
    return { status, headers, payload: request.method === 'HEAD' ? null : rendered.payload };
  }

  private failure(
    request: Pick<RestRequest, 'method' | 'headers'>,
    correlationId: string,
    error: unknown,
    format: ResponseFormat,
    callback: string | undefined,
  ): RestResponse {
    const domainError = isDomainError(error) ? error : this.unexpected(error, correlationId);
    const envelope = { error: true, code: domainError.code, message: domainError.message, documentation: DOCUMENTATION };
    const rendered = renderBody(envelope, format, callback);
    const status = httpStatusOf(domainError.code);
    return {
      status,
      headers: {
        ...COMMON_HEADERS,
        ...(status === 503 ? { 'retry-after': RETRY_AFTER_SECONDS } : {}),
        'content-type': rendered.contentType,
        etag: rendered.etag,
        'x-correlation-id': correlationId,
      },
      payload: request.method === 'HEAD' ? null : rendered.payload,
    };
  }

  private unexpected(error: unknown, correlationId: string): DomainError {
    this.logger.error(`[${correlationId}] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return CommonErrors.internal(correlationId);
  }
}

function header(headers: RestRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;

function correlationIdOf(headers: RestRequest['headers']): string | undefined {
  const value = header(headers, 'x-correlation-id') ?? header(headers, 'x-request-id');
  return value && SAFE_ID.test(value) ? value : undefined;
}
