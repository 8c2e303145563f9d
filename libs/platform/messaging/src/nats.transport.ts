import type { MessageHandler, MsPattern, NatsOptions } from '@nestjs/microservices';
import { ClientNats, ServerNats } from '@nestjs/microservices';

type NatsClientOptions = Required<NatsOptions>['options'];

/**
 * NATS request/reply through @nestjs/microservices. Subjects carry a deployment prefix
 * (`tracker.` by default) so that several Trackers, or parallel test runs, can share one
 * NATS server without answering each other's requests.
 */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    options: NatsClientOptions,
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler?: boolean, extras?: Record<string, unknown>): void {
    super.addHandler(`${this.subjectPrefix}${this.normalizePattern(pattern as MsPattern)}`, callback, isEventHandler, extras);
  }
}

export class PrefixedNatsClient extends ClientNats {
  constructor(
    options: NatsClientOptions,
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.subjectPrefix}${super.normalizePattern(pattern)}`;
  }
}
