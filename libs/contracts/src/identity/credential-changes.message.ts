/**
 * How identity keeps the gateways' credential caches honest (docs/identity.md, "Credential
 * cache"). A gateway may answer from its cache only while it holds a lease, renewed by
 * `identity.gateway-leases.renew`; identity keeps the leases in its database, so every
 * replica sees every gateway. After any change to an AuthContext is visible in its read
 * model, identity sends the change to each leased gateway's own subject and replies to its
 * caller only once each acknowledged, or once the lease of one that did not has run out.
 */
export const RENEW_GATEWAY_LEASE_SUBJECT = 'identity.gateway-leases.renew';

export interface RenewGatewayLeaseParams {
  /** a random id per gateway process; the subject it answers invalidations on derives from it */
  readonly gatewayId: string;
  /** a gateway shutting down ends its lease (it answers from its cache no more), so no change waits for it */
  readonly release?: boolean;
}

export interface RenewGatewayLeaseResult {
  /** how long the lease holds from the moment the request was sent */
  readonly leaseMs: number;
}

/** The one subject a gateway answers on: its own, so identity can wait for each gateway. */
export const credentialsChangedSubject = (gatewayId: string): string => `gateway.credentials-changed.${gatewayId}`;

/** Which cached credentials are no longer to be trusted: the users named, or every one. */
export type CredentialsChange = { readonly userIds: readonly number[] } | { readonly all: true };
