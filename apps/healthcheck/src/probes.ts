import { ANONYMOUS, type HealthReply, type ServiceName, healthSubject } from '@tracker/contracts';
import { ClientProxyMessageBus, type MessagingConfig, PrefixedNatsClient, natsConnectionOptions } from '@tracker/platform/messaging';
import type { ClientProxy } from '@nestjs/microservices';

export interface Verdict {
  readonly healthy: boolean;
  /** what `docker inspect` shows as the check's output */
  readonly message: string;
}

const TIMEOUT_MS = 3000;

/** An HTTP process is healthy when it answers GET /rest/version, which it answers alone. */
export async function probeHttp(port: number, host = '127.0.0.1'): Promise<Verdict> {
  const url = `http://${host}:${port}/rest/version`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await response.json()) as { version?: unknown };
    return response.status === 200 && typeof body.version === 'string'
      ? { healthy: true, message: `${url}: version ${body.version}` }
      : { healthy: false, message: `${url} answered ${response.status}` };
  } catch (error) {
    return { healthy: false, message: `${url}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * A service is healthy when its health message says `ok` over NATS. Any replica of the
 * service may answer (they share a queue group), so this tells about the service, not the
 * container: right for docker compose's one replica each, not for a Kubernetes probe.
 */
export async function probeService(service: ServiceName, messaging: MessagingConfig): Promise<Verdict> {
  if (messaging.transport !== 'nats') throw new Error('A service is checked over NATS');
  // a one-shot check answers within its timeout: it neither waits for NATS nor reconnects
  const options = natsConnectionOptions(messaging.natsUrl, { waitOnFirstConnect: false, maxReconnectAttempts: 0, timeout: TIMEOUT_MS });
  const client = new PrefixedNatsClient(options, messaging.subjectPrefix) as unknown as ClientProxy;
  try {
    const bus = new ClientProxyMessageBus(client, TIMEOUT_MS);
    const reply = await bus.request<HealthReply>(healthSubject(service), {
      auth: ANONYMOUS,
      correlationId: `healthcheck-${service}`,
      params: null,
    });
    return reply.status === 'ok'
      ? { healthy: true, message: `${service}: ok` }
      : { healthy: false, message: `${service}: ${reply.status}: ${JSON.stringify(reply.problems)}` };
  } catch (error) {
    return { healthy: false, message: `${service}: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await client.close();
  }
}
