import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import type { NatsOptions } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';

export type NatsClientOptions = Required<NatsOptions>['options'];

/** Between reconnection attempts: 1 s plus up to 0.5 s at random, so replicas do not all knock at once. */
export const NATS_RECONNECT_WAIT_MS = 1000;
export const NATS_RECONNECT_JITTER_MS = 500;

/**
 * How every Tracker process connects to NATS: it reconnects for as long as it takes
 * (nats.js's defaults give up after 10 attempts, ~20 s, leaving the process up but deaf
 * for good). A dead server is noticed within ~20 s even when no packet says so (pings
 * every 10 s, two missed). The wait for the first connection is `connectPatiently`'s,
 * not nats.js's `waitOnFirstConnect`, whose loop cannot be stopped (a client closed before
 * NATS came would keep its process alive, dialling forever). `overrides` is for the
 * one-shot health probe, which must answer quickly rather than wait.
 */
export function natsConnectionOptions(servers: string, overrides: Partial<NatsClientOptions> = {}): NatsClientOptions {
  return {
    servers,
    maxReconnectAttempts: -1,
    reconnectTimeWait: NATS_RECONNECT_WAIT_MS,
    reconnectJitter: NATS_RECONNECT_JITTER_MS,
    waitOnFirstConnect: false,
    pingInterval: 10_000,
    maxPingOut: 2,
    ...overrides,
  };
}

/**
 * Connects, trying again every second or so (with jitter) while NATS is not there, until
 * it is or `closed` is aborted (the client was closed); logs the wait once and the success once.
 */
export async function connectPatiently(
  connectOnce: () => Promise<NatsConnection>,
  closed: AbortSignal,
  logger: Pick<Logger, 'warn' | 'log'> = new Logger('Connections'),
): Promise<NatsConnection> {
  let waitingSince: number | undefined;
  for (;;) {
    if (closed.aborted) throw new Error('the NATS client was closed before it could connect');
    try {
      const connection = await connectOnce();
      if (waitingSince !== undefined) logger.log(`nats: connected after ${((Date.now() - waitingSince) / 1000).toFixed(1)} s`);
      return connection;
    } catch (error) {
      if (waitingSince === undefined) {
        waitingSince = Date.now();
        logger.warn(`nats: cannot connect yet (${error instanceof Error ? error.message : String(error)}); trying again until it can`);
      }
      await sleep(NATS_RECONNECT_WAIT_MS + Math.random() * NATS_RECONNECT_JITTER_MS, undefined, { signal: closed }).catch(() => undefined);
    }
  }
}
