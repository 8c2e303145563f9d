import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CommonErrors, DomainError } from '@tracker/contracts';
import { withCorrelationId } from '@tracker/platform/messaging';
import { RestPipeline, type RestResponse } from '../rest-pipeline';
import type { FrameworkError, HttpFrameworkErrors } from '@tracker/platform/runtime';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options';
import { correlationIdOf } from '../wire/request-headers';
import { readBufferedBody } from './buffered-body';
import { inRequestSpan } from './request-span';
import { type RestTarget, RestTargets, routeTemplateOf } from './rest-targets';

/** Apache's LimitRequestLine, which Bugzilla sits behind: a longer request line is the URI's fault (414). */
const LONGEST_REQUEST_LINE = 8190;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;

/** An upload route's body, handed to the pipeline unread. */
interface StreamedBody {
  readonly stream: Readable;
}

/**
 * Puts the REST pipeline on Fastify: one catch-all route for every method (so unknown
 * paths and methods get Bugzilla's 32614 rather than Fastify's own answers), and one
 * body parser that asks the route table: an upload route's body is handed over as the
 * stream it is (the upload reader decides its limits while streaming), every other body is
 * read as text with the configured size limit.
 * `/rest/...` and `/rest.cgi/...` are both served, as Bugzilla serves both.
 */
@Injectable()
export class RestHttpServer implements OnModuleInit, HttpFrameworkErrors {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pipeline: RestPipeline,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly targets: RestTargets,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // requests Node's HTTP parser cannot read get the error envelope too, not Fastify's own body
    fastify.server.removeAllListeners('clientError');
    fastify.server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) =>
      this.clientError(error, socket),
    );
    // an encapsulated plugin: its parser and error handler apply to the REST route only
    await fastify.register((scope, _options, registered) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (request: FastifyRequest, payload: Readable, done) => {
        if (isUpload(request.method, this.targets.of(request))) {
          done(null, { stream: payload } satisfies StreamedBody);
          return;
        }
        readBufferedBody(payload, request.headers['content-length'], this.options.maxBodyBytes).then(
          (body) => done(null, body),
          (error: Error) => done(error, undefined),
        );
      });
      scope.setErrorHandler((error: FastifyError, request, reply) => this.frameworkError(error, request, reply));
      scope.route({
        method: [...METHODS],
        url: '/*',
        exposeHeadRoute: false,
        // every line logged while the request is served names its correlation id, and it is traced
        // (docs/operations-guide.md, "Logs", "Traces")
        handler: (request, reply) => {
          const target = this.targets.of(request);
          return withCorrelationId(correlationIdOf(request.headers) ?? randomUUID(), () =>
            inRequestSpan(
              request,
              reply,
              () => restRouteOf(target),
              () => this.serve(request, reply, target),
            ),
          );
        },
      });
      registered();
    });
  }

  private async serve(request: FastifyRequest, reply: FastifyReply, target: RestTarget): Promise<FastifyReply> {
    const { rest, rawPath, path, queryString, match } = target;
    const streamed = isStreamed(request.body) ? request.body.stream : undefined;
    // anything outside /rest is not part of the API
    const response = rest
      ? await this.pipeline.handle({
          method: request.method,
          path,
          queryString,
          headers: request.headers,
          body: typeof request.body === 'string' ? request.body : undefined,
          ...(streamed ? { bodyStream: streamed } : {}),
          ip: request.ip,
          match,
        })
      : this.pipeline.handleError(request.method, request.headers, notFound(request.method, rawPath));
    return send(reply, response);
  }

  /**
   * A request that is not readable HTTP: request line and headers over Node's limit
   * (16 KiB: 414 when the request line alone is too long, else 431), or malformed (400).
   * Answered in the envelope, then the connection is closed as Node does.
   */
  private clientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
      socket.destroy();
      return;
    }
    const response = this.pipeline.handleError('GET', {}, unreadableRequest(error));
    // an error envelope is always text
    const payload = typeof response.payload === 'string' ? response.payload : '';
    const headers = Object.entries({ ...response.headers, connection: 'close', 'content-length': String(Buffer.byteLength(payload)) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n${headers}\r\n${payload}`);
  }

  answerFrameworkError(error: FrameworkError, request: unknown, reply: unknown): void {
    void this.frameworkError(error as FastifyError, request as FastifyRequest, reply as FastifyReply);
  }

  /** Errors Fastify raises before the pipeline runs: an oversized or unreadable body, a URL it cannot decode. */
  private frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const domainError =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? new DomainError(
            'requestTooLarge',
            `The request body is larger than the limit of ${this.options.maxBodyBytes} bytes; nothing was changed.`,
          )
        : error.statusCode !== undefined && error.statusCode < 500
          ? CommonErrors.userError(`The request could not be read: ${error.message}`)
          : undefined;
    const response = this.pipeline.handleError(request.method, request.headers, domainError ?? error);
    return send(reply, response);
  }
}

/** `/rest/bug/:id`: the template of the route a target is for, as the span names it; undefined for a path no route serves */
function restRouteOf(target: RestTarget): string | undefined {
  const template = routeTemplateOf(target);
  return template === undefined ? undefined : `/rest${template}`;
}

/** An upload route's body is handed over unread; GET has none. */
function isUpload(method: string, target: RestTarget): boolean {
  return target.match?.kind === 'found' && target.match.route.upload !== undefined && method !== 'GET';
}

function isStreamed(body: unknown): body is StreamedBody {
  return body !== null && typeof body === 'object' && 'stream' in body;
}

function notFound(method: string, path: string): DomainError {
  return new DomainError('resourceNotFound', `A REST API resource was not found for '${method} ${path}'.`);
}

function unreadableRequest(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): DomainError {
  if (error.code !== 'HPE_HEADER_OVERFLOW')
    return CommonErrors.userError(`The request is not valid HTTP (${error.message}); nothing was done.`);
  const firstLineEnd = error.rawPacket?.indexOf('\r\n') ?? -1;
  if (firstLineEnd < 0 || firstLineEnd > LONGEST_REQUEST_LINE) {
    return new DomainError(
      'requestUriTooLong',
      'The request URI is longer than Tracker reads (16 KiB with the headers): shorten the query string; nothing was done.',
    );
  }
  return new DomainError(
    'headersTooLarge',
    'The request headers are larger than Tracker reads (16 KiB with the request line); nothing was done.',
  );
}

/** Hands the response to Fastify without awaiting it: awaiting a reply waits for the socket flush. */
function send(reply: FastifyReply, response: RestResponse): FastifyReply {
  return (
    reply
      .code(response.status)
      .headers(response.headers)
      // a string, or the stream of a response carrying blobs (its Content-Length set by the pipeline)
      .send(response.payload ?? undefined)
  );
}
