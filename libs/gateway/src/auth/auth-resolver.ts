import { Inject, Injectable } from '@nestjs/common';
import { ANONYMOUS, AUTHENTICATE_SUBJECT, type AuthContext, type AuthenticateParams, type Credentials } from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options';
import { KnownCredentials } from './known-credentials';

/**
 * Resolves a request's credentials into the caller's AuthContext through identity.
 * No credentials means a logged-out caller; invalid ones are an error, never a silent
 * fall-back to logged-out. API keys and tokens identity accepted are remembered
 * (KnownCredentials) until identity says they changed.
 */
@Injectable()
export class AuthResolver {
  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly known: KnownCredentials,
  ) {}

  resolve(credentials: Credentials | null, ip: string, correlationId: string): Promise<AuthContext> | AuthContext {
    if (!credentials) return { ...ANONYMOUS, ip };
    const key = this.known.keyOf(credentials, ip);
    if (key === undefined) return this.authenticate(credentials, ip, correlationId);
    return this.known.lookup(key, ip) ?? this.known.fetch(key, () => this.authenticate(credentials, ip, correlationId), ip);
  }

  private authenticate(credentials: Credentials, ip: string, correlationId: string): Promise<AuthContext> {
    return this.bus.request<AuthContext, AuthenticateParams>(AUTHENTICATE_SUBJECT, {
      auth: { ...ANONYMOUS, ip },
      correlationId,
      params: { credentials, ip, ipIdentifiesClient: this.options.addressIdentifiesClient },
    });
  }
}
