import {
  RENEW_GATEWAY_LEASE_SUBJECT,
  type RenewGatewayLeaseParams,
  type RenewGatewayLeaseResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { GatewayLeaseStore } from '../read-model/gateway-leases.store';

/**
 * How long a gateway may trust its credential cache without hearing from identity again:
 * long enough to bridge an identity outage (a gateway renews every 5 s, so at least 40 s
 * remain when identity goes away; docs/identity.md, "Identity outages"). It costs a
 * credential change nothing for a gateway that answers or is gone (NATS says so at once);
 * only a gateway that is connected but silent is waited out, for up to this long.
 */
export const GATEWAY_LEASE_MS = 45_000;

/** `identity.gateway-leases.renew`: a gateway (re)registers for credential changes (docs/identity.md, "Credential cache"). */
@MessageHandler(RENEW_GATEWAY_LEASE_SUBJECT)
export class RenewGatewayLeaseHandler {
  constructor(private readonly leases: GatewayLeaseStore) {}

  async handle({ params }: ServiceRequest<RenewGatewayLeaseParams>): Promise<RenewGatewayLeaseResult> {
    if (params.release === true) {
      await this.leases.release(params.gatewayId);
      return { leaseMs: 0 };
    }
    await this.leases.renew(params.gatewayId, GATEWAY_LEASE_MS);
    if (Math.random() < 0.01) await this.leases.forgetExpired();
    return { leaseMs: GATEWAY_LEASE_MS };
  }
}
