import { isServiceName } from '@tracker/contracts';

/** A request sent and not yet answered: its subject (without the deployment prefix) and how to fail it. */
interface Pending {
  readonly subject: string;
  readonly sentAt: number;
  readonly fail: (error: Error) => void;
}

/** The caller's answer was lost: the connection to NATS dropped, or the process that took the request is gone. */
export class InFlightLostError extends Error {
  constructor(
    readonly subject: string,
    readonly why: string,
  ) {
    super(`the answer to ${subject} was lost: ${why}`);
    this.name = 'InFlightLostError';
  }
}

/**
 * The requests a client is waiting on, so that they fail as soon as their answer can no
 * longer come, instead of at the timeout: at once when this process loses NATS (the
 * answer would go to an inbox the server forgot), and when the service they went to has
 * no process left (found by asking its health subject, which NATS answers "no responders"
 * at once when nothing subscribes).
 */
export class PendingRequests {
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param probe resolves true when a process of the service still answers, false when none does
   * @param probeAfterMs how long a request waits before its service is probed, and then how often
   */
  constructor(
    private readonly probe: (service: string) => Promise<boolean>,
    private readonly probeAfterMs = 1000,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  /** Registers a request; the returned function forgets it (answered, timed out or unsubscribed). */
  add(subject: string, fail: (error: Error) => void, now = Date.now()): () => void {
    const id = this.next++;
    this.pending.set(id, { subject, sentAt: now, fail });
    this.timer ??= setInterval(() => void this.probeServices(), this.probeAfterMs).unref();
    return () => this.forget(id);
  }

  /** Fails every pending request: the connection they were sent on is gone. */
  failAll(why: string): void {
    for (const [id, request] of [...this.pending]) {
      this.forget(id);
      request.fail(new InFlightLostError(request.subject, why));
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  /** Asks each service that has requests waiting longer than probeAfterMs whether any process of it is left. */
  async probeServices(now = Date.now()): Promise<void> {
    const waiting = new Map<string, number[]>();
    for (const [id, request] of this.pending) {
      const service = request.subject.split('.')[0] ?? '';
      if (!isServiceName(service) || now - request.sentAt < this.probeAfterMs) continue;
      waiting.set(service, [...(waiting.get(service) ?? []), id]);
    }
    await Promise.all(
      [...waiting].map(async ([service, ids]) => {
        if (await this.probe(service).catch(() => true)) return;
        for (const id of ids) {
          const request = this.pending.get(id);
          if (!request) continue;
          this.forget(id);
          request.fail(new InFlightLostError(request.subject, `no process of the ${service} service is running any more`));
        }
      }),
    );
  }

  private forget(id: number): void {
    this.pending.delete(id);
    if (this.pending.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
