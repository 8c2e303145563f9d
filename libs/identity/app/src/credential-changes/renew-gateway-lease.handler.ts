import {
  RENEW_GATEWAY_LEASE_SUBJECT,
  type RenewGatewayLeaseParams,
  type RenewGatewayLeaseResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { GatewayLeaseStore } from '../read-model/gateway-leases.store';

/** How long a gateway may trust its credential cache without hearing from identity again. */
export const GATEWAY_LEASE_MS = 10_000;

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
