import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ANONYMOUS, type CredentialsChange, credentialsChangedSubject } from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus, NotRunningError } from '@tracker/platform/messaging';
import { GatewayLeaseStore, type LiveLease } from '../read-model/gateway-leases.store';

/**
 * Tells every gateway holding a lease that cached credentials changed, and resolves once
 * each acknowledged, or, for one that did not answer, once its lease ran out (it stops
 * answering from its cache by then on its own). Called after the change is visible in
 * the read model, before the request that made it is answered: the next call, through
 * any gateway, is authenticated afresh. A gateway whose subject nobody subscribes to
 * (NATS answers "no responders") is gone or cut off from NATS, and a gateway that lost
 * NATS stops answering from its cache at once: it is not waited for.
 */
@Injectable()
export class CredentialChangeNotifier {
  private readonly logger = new Logger('CredentialChangeNotifier');

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly leases: GatewayLeaseStore,
  ) {}

  async notify(change: CredentialsChange, correlationId: string): Promise<void> {
    const live = await this.leases.live();
    await Promise.all(live.map((lease) => this.tell(lease, change, correlationId)));
  }

  private async tell(lease: LiveLease, change: CredentialsChange, correlationId: string): Promise<void> {
    const done = new AbortController();
    const expired = sleep(lease.remainingMs, 'expired', { ref: false, signal: done.signal }).catch(() => 'told');
    const told = this.bus.request(credentialsChangedSubject(lease.gatewayId), { auth: ANONYMOUS, correlationId, params: change }).then(
      () => 'told',
      (error: unknown) => {
        if (error instanceof NotRunningError) return 'gone';
        this.logger.warn(
          `[${correlationId}] gateway ${lease.gatewayId} did not take a credential change (${String(error)}); waiting out its lease`,
        );
        return expired;
      },
    );
    await Promise.race([told, expired]);
    done.abort();
  }
}
