import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentCorrelationId } from '@tracker/platform/messaging';
import { SpanKind, SpanStatusCode, extractTraceContext, inSpan, isTracing, recordCarrier } from '@tracker/platform/tracing';

/**
 * The gateway's span of one HTTP request, the root of its trace (or a child of the
 * client's, when the client sent a W3C `traceparent`): named `<METHOD> <route template>`
 * (`POST /rest/bug`, `GET /rest/bug/:id`; the method alone for a path no route serves),
 * active while the request is served so that every NATS request made for it joins the
 * trace. An answer with a 5xx status ends it as an error.
 */
export function inRequestSpan(
  request: FastifyRequest,
  reply: FastifyReply,
  routeOf: () => string | undefined,
  serve: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  if (!isTracing()) return serve();
  const route = routeOf();
  const attributes = {
    'http.request.method': request.method,
    'url.path': request.url.split('?')[0] ?? request.url,
    ...(route ? { 'http.route': route } : {}),
    'client.address': request.ip,
    'tracker.correlation_id': currentCorrelationId() ?? '',
  };
  const parent = extractTraceContext(recordCarrier(request.headers));
  return inSpan(route ? `${request.method} ${route}` : request.method, { kind: SpanKind.SERVER, attributes, parent }, async (span) => {
    const served = await serve();
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return served;
  });
}
