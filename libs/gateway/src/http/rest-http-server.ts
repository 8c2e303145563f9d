import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CommonErrors, DomainError } from '@tracker/contracts';
import { RestPipeline, type RestResponse } from '../rest-pipeline';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
const REST_PREFIX = /^\/rest(?:\.cgi)?(?=\/|$)/;

/**
 * Puts the REST pipeline on Fastify: one catch-all route for every method (so unknown
 * paths and methods get Bugzilla's 32614 rather than Fastify's own answers), and one
 * body parser that keeps the raw text for the pipeline, with the configured size limit.
 * `/rest/...` and `/rest.cgi/...` are both served, as Bugzilla serves both.
 */
@Injectable()
export class RestHttpServer implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pipeline: RestPipeline,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // an encapsulated plugin: its parser and error handler apply to the REST route only
    await fastify.register((scope, _options, registered) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: this.options.maxBodyBytes }, (_request, body, done) =>
        done(null, body),
      );
      scope.setErrorHandler((error: FastifyError, request, reply) => this.frameworkError(error, request, reply));
      scope.route({
        method: [...METHODS],
        url: '/*',
        exposeHeadRoute: false,
        handler: (request, reply) => this.serve(request, reply),
      });
      registered();
    });
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [rawPath = '', queryString = ''] = request.url.split(/\?(.*)/s, 2);
    const prefix = REST_PREFIX.exec(rawPath);
    const path = prefix ? rawPath.slice(prefix[0].length) || '/' : rawPath;
    // anything outside /rest is not part of the API
    const response = prefix
      ? await this.pipeline.handle({
          method: request.method,
          path,
          queryString,
          headers: request.headers,
          body: typeof request.body === 'string' ? request.body : undefined,
          ip: request.ip,
        })
      : this.pipeline.handleError(request.method, request.headers, notFound(request.method, rawPath));
    return send(reply, response);
  }

  /** Errors Fastify raises before the pipeline runs: an oversized or unreadable body. */
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

function notFound(method: string, path: string): DomainError {
  return new DomainError('resourceNotFound', `A REST API resource was not found for '${method} ${path}'.`);
}

/** Hands the response to Fastify without awaiting it: awaiting a reply waits for the socket flush. */
function send(reply: FastifyReply, response: RestResponse): FastifyReply {
  return reply.code(response.status).headers(response.headers).send(response.payload ?? undefined);
}
