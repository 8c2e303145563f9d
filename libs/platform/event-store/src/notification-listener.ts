import { Client, type ClientConfig } from 'pg';
import { quoteIdent } from './postgres-event-store.schema';

/**
 * Waits between reconnection attempts: quick at first, then every 2 s for as long as it
 * takes. Not longer: while notifications are down every write of another process waits out
 * the poll interval, so a longer wait after the server is back costs far more than an
 * attempt every 2 s while it is away (a connect refused is cheap). With waits growing to
 * 30 s, a database back after 9 s left the writes slow for up to 10 s more (issue 17's
 * fault test, under load).
 */
export const LISTENER_RECONNECT_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000];

export interface NotificationListenerOptions {
  readonly clientConfig: ClientConfig;
  readonly channel: string;
  /**
   * called on every notification with the position it carries, and without one when the
   * connection is lost (a notification may have been missed)
   */
  readonly onWake: (position?: bigint) => void;
  readonly reconnectDelaysMs?: readonly number[];
  readonly log?: (message: string) => void;
}

/**
 * One connection that LISTENs to the event store's channel. When the server ends it (a
 * restart, a failover, a terminated backend) it reconnects with back-off until it
 * succeeds or is closed, saying once that it was lost and once that it is back; meanwhile
 * subscriptions fall back to polling, so nothing is missed, only delayed.
 */
export class NotificationListener {
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private isConnected = false;

  constructor(private readonly options: NotificationListenerOptions) {}

  /** Whether notifications currently arrive (false while reconnecting). */
  get connected(): boolean {
    return this.isConnected;
  }

  /** Connects once; a failure here is the caller's (the store cannot start without its server). */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.isConnected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ ...this.options.clientConfig, application_name: 'event-store-listener' });
    this.client = client;
    client.on('notification', (message) => this.options.onWake(positionOf(message.payload)));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.options.channel)}`);
    } catch (error) {
      this.lost(client, error);
      throw error;
    }
    if (this.client !== client) return;
    const restored = this.failures > 0;
    if (restored) this.log(`event store notifications restored after ${this.failures} reconnection attempt(s)`);
    this.failures = 0;
    this.isConnected = true;
    // what other processes appended while it was away was never announced: read it now, not at the next poll
    if (restored) this.options.onWake();
  }

  private lost(client: Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    if (this.isConnected) this.log(`event store notifications lost (${messageOf(error)}); polling until reconnected`);
    this.isConnected = false;
    void client.end().catch(() => undefined);
    this.options.onWake();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delays = this.options.reconnectDelaysMs ?? LISTENER_RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 1000;
    this.failures += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect().catch(() => undefined), delay);
  }

  private log(message: string): void {
    (this.options.log ?? console.warn)(message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The append's last position, as the append function sends it; undefined for anything else. */
function positionOf(payload: string | undefined): bigint | undefined {
  return payload !== undefined && /^\d+$/.test(payload) ? BigInt(payload) : undefined;
}
