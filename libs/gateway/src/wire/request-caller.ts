import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@tracker/contracts';
import { AuthResolver } from '../auth/auth-resolver';
import type { Route } from '../routing/route';
import { extractCredentials } from './credentials';
import { type Params, dropUnsafeKeys } from './request-params';

/**
 * Who calls, resolved once per request: an Idempotency-Key's scope needs the caller before
 * the call does, and a password must be checked once (each failure counts toward a lockout).
 */
@Injectable()
export class RequestCaller {
  private readonly resolved = new WeakMap<object, Promise<AuthContext>>();

  constructor(private readonly authResolver: AuthResolver) {}

  /** `request` is the pipeline's request object, the key of the memo; `merged` its parameters. */
  of(
    route: Route,
    merged: Params,
    request: { readonly headers: Readonly<Record<string, string | string[] | undefined>>; readonly ip: string },
    correlationId: string,
  ): Promise<AuthContext> {
    const known = this.resolved.get(request);
    if (known) return known;
    const { credentials } = extractCredentials(dropUnsafeKeys(merged), request.headers, route.credentials === 'passed');
    const caller = Promise.resolve(
      this.authResolver.resolve(route.credentials === 'ignored' ? null : credentials, request.ip, correlationId),
    );
    this.resolved.set(request, caller);
    return caller;
  }
}
