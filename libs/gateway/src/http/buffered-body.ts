import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';

/**
 * A request body read whole as UTF-8 text, held to `limit` bytes, as Fastify's own string
 * parser does (the same errors, so the server answers them the same way: 58 for too large,
 * 400 for a body shorter or longer than its Content-Length). Only upload routes are read
 * otherwise (http/rest-http-server.ts), so every other route keeps this limit.
 */
export function readBufferedBody(payload: Readable, contentLength: string | undefined, limit: number): Promise<string> {
  const declared = Number(contentLength);
  if (declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (): void => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = (): void => {
      stop();
      if (!Number.isNaN(declared) && received !== declared) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(Buffer.concat(chunks, received).toString('utf8'));
    };
    const onError = (error: Error & { statusCode?: number }): void => {
      stop();
      error.statusCode ??= 400;
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
