import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { DomainError, ErrorCode, httpStatusOf, isDomainError } from '@tracker/contracts';
import type { Route } from '../routing/route';
import { RequestCaller } from '../wire/request-caller';
import { type Params, mergeParams } from '../wire/request-params';
import { RETRY_AFTER_SECONDS } from '../wire/request-headers';
import { REPLAYED_HEADERS, idempotencyScope, requestHash } from './idempotency-key';
import type { IdempotencyStore } from './idempotency-store';

/** The gateway's idempotency store; absent where the gateway has no database (some unit fixtures): keys are refused. */
export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');

/** A keyed request as the pipeline read it. */
export interface KeyedRequest {
  /** undefined: the request has no key, and is served as it is */
  readonly key: string | undefined;
  readonly route: Route;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
    readonly ip: string;
  };
  readonly query: Params;
  readonly body: Params;
  readonly correlationId: string;
}

/** Which request a key records. */
interface IdempotentRequest {
  readonly scope: string;
  readonly key: string;
  readonly hash: string;
}

/** A stored refusal sent again: the error envelope, marked as a replay. */
export class ReplayedRefusal extends DomainError {}

export { REPLAYED_HEADERS, idempotencyKeyOf } from './idempotency-key';

/** Headers of an error answer: a replayed refusal is marked, a refusal of a key in flight says when to retry. */
export function idempotencyHeaders(error: unknown): Readonly<Record<string, string>> {
  if (error instanceof ReplayedRefusal) return REPLAYED_HEADERS;
  return isDomainError(error) && error.code === ErrorCode.idempotencyKeyInFlight ? { 'retry-after': RETRY_AFTER_SECONDS } : {};
}

/**
 * Runs a keyed POST or PUT at most once (docs/operations.md, safe retries): the key is
 * recorded before the service is called, and the reply after. A refusal (4xx) is a reply
 * like any other; a 503 from the service says nothing was done, so the key is released for
 * the retry; any other failure to get an answer (a timeout, a 500) may hide a change that
 * was made, so the key stays in doubt and its retries are refused with 409.
 */
@Injectable()
export class IdempotencyGuard implements OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');

  constructor(
    // the same caller the call resolves: credentials are checked once
    private readonly callers: RequestCaller,
    @Optional() @Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStore | null,
  ) {}

  async run<T extends { readonly result: unknown }>(
    keyed: KeyedRequest,
    serve: () => Promise<T>,
  ): Promise<T | { readonly result: unknown; readonly replayed: true }> {
    const { store } = this;
    if (keyed.key === undefined) return serve();
    if (!store) throw new DomainError('idempotencyKeyInvalid', 'This server keeps no Idempotency-Key records; nothing was done.');
    const { method, path, ip } = keyed.request;
    const request: IdempotentRequest = {
      scope: idempotencyScope(
        await this.callers.of(keyed.route, mergeParams(keyed.query, keyed.body), keyed.request, keyed.correlationId),
        ip,
        method,
        path,
      ),
      key: keyed.key,
      hash: requestHash(method, path, keyed.query, keyed.body),
    };
    const claim = await store.claim(request.scope, request.key, request.hash);
    switch (claim.kind) {
      case 'replay':
        if (claim.status >= 400) throw new ReplayedRefusal(claim.body as { code: number; message: string });
        return { result: claim.body, replayed: true };
      case 'mismatch':
        throw new DomainError(
          'idempotencyKeyReused',
          `The Idempotency-Key '${request.key}' was used for a different request; use a new key for a new request. Nothing was done.`,
        );
      case 'in-flight':
        throw new DomainError(
          'idempotencyKeyInFlight',
          `The first request with the Idempotency-Key '${request.key}' is still being served; retry later. Nothing was done.`,
        );
      case 'in-doubt':
        throw inDoubt(request.key);
      case 'new':
        return this.serveOnce(store, request, keyed.route.successStatus ?? 200, serve);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store?.close();
  }

  private async serveOnce<T extends { readonly result: unknown }>(
    store: IdempotencyStore,
    { scope, key }: IdempotentRequest,
    status: number,
    serve: () => Promise<T>,
  ): Promise<T> {
    let outcome: T;
    try {
      outcome = await serve();
    } catch (error) {
      await this.settle(() => settleFailure(store, scope, key, error));
      throw error;
    }
    await this.settle(() => store.complete(scope, key, status, outcome.result));
    return outcome;
  }

  /** The answer is the client's whatever the store says: an entry left in flight turns in doubt when it is old. */
  private async settle(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.error(`an Idempotency-Key record was not updated: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function settleFailure(store: IdempotencyStore, scope: string, key: string, error: unknown): Promise<void> {
  if (!isDomainError(error)) return store.markInDoubt(scope, key);
  if (error.code === ErrorCode.serviceUnavailable) return store.release(scope, key);
  const status = httpStatusOf(error.code);
  if (status >= 500) return store.markInDoubt(scope, key);
  return store.complete(scope, key, status, { code: error.code, message: error.message });
}

function inDoubt(key: string): DomainError {
  return new DomainError(
    'idempotencyKeyInDoubt',
    `The first request with the Idempotency-Key '${key}' got no answer and may have been applied: check whether it was ` +
      'before sending it again without this key.',
  );
}
