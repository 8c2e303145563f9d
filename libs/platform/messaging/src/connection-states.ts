import { Logger } from '@nestjs/common';
import type { ConnectionProblem } from '@tracker/contracts';

/**
 * One connection of this process (to NATS, to the read model's database, to Redis, the
 * event store's notifications): whether it is up, and since when it is down. The change
 * is logged once each way, never once per failed attempt, so a long outage is two lines.
 */
export class ConnectionState {
  private down: { readonly since: Date; readonly error: string } | undefined;
  /** set by ConnectionStates: told at once when the connection is lost */
  onLost: (() => void) | undefined;

  constructor(
    readonly name: string,
    private readonly logger: Pick<Logger, 'warn' | 'log'> | undefined = new Logger('Connections'),
  ) {}

  get connected(): boolean {
    return this.down === undefined;
  }

  lost(error: string, now: Date = new Date()): void {
    if (this.down) return;
    this.down = { since: now, error };
    this.onLost?.();
    this.logger?.warn(`${this.name}: connection lost (${error}); reconnecting with back-off until it is back`);
  }

  restored(now: Date = new Date()): void {
    const down = this.down;
    if (!down) return;
    this.down = undefined;
    this.logger?.log(`${this.name}: connection restored after ${((now.getTime() - down.since.getTime()) / 1000).toFixed(1)} s`);
  }

  problem(): ConnectionProblem | undefined {
    return this.down && { connection: this.name, since: this.down.since.toISOString(), error: this.down.error };
  }
}

/** Every connection of the process, for its health reply: a service is not ready while one is down. */
export class ConnectionStates {
  private readonly states = new Set<ConnectionState>();
  private readonly monitors = new Set<NodeJS.Timeout>();
  private readonly lostListeners: Array<{ readonly name: string; readonly listener: () => void }> = [];

  add(state: ConnectionState): ConnectionState {
    this.states.add(state);
    state.onLost = () => {
      for (const { name, listener } of this.lostListeners) if (name === state.name) listener();
    };
    return state;
  }

  /** Calls `listener` whenever the connection named `name` is lost (e.g. the gateway drops what NATS may have missed telling it). */
  whenLost(name: string, listener: () => void): void {
    this.lostListeners.push({ name, listener });
  }

  has(name: string): boolean {
    return [...this.states].some((state) => state.name === name);
  }

  remove(state: ConnectionState): void {
    this.states.delete(state);
  }

  problems(): ConnectionProblem[] {
    return [...this.states].flatMap((state) => state.problem() ?? []);
  }

  /**
   * Checks a connection every `intervalMs` (a pool by a trivial query, a listener by its
   * flag) and records what it finds; `check` throws (or rejects) while it is down.
   */
  monitor(state: ConnectionState, check: () => Promise<void> | void, intervalMs = 2000): () => void {
    this.add(state);
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void Promise.resolve()
        .then(check)
        .then(
          () => state.restored(),
          (error: unknown) => state.lost(error instanceof Error ? error.message : String(error)),
        )
        .finally(() => (running = false));
    }, intervalMs);
    timer.unref();
    this.monitors.add(timer);
    return () => {
      clearInterval(timer);
      this.monitors.delete(timer);
      this.remove(state);
    };
  }

  close(): void {
    for (const timer of this.monitors) clearInterval(timer);
    this.monitors.clear();
  }
}

export const CONNECTION_STATES = Symbol('CONNECTION_STATES');
