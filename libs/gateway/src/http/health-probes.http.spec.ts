import type { DynamicModule, INestApplication } from '@nestjs/common';
import { type ReadinessProblem, SERVICE_NAMES } from '@tracker/contracts';
import { SERVICE_READINESS, type ServiceReadiness, healthController } from '@tracker/platform/messaging';
import { http } from '@tracker/testing';
import { startProbeGateway } from '../gateway-probe.fixture';

/** The services' readiness as their health messages report it; one fake shared by every stand-in service. */
let stopped: ReadinessProblem[] = [];
const readiness: ServiceReadiness = { readiness: () => ({ ready: stopped.length === 0, problems: stopped }) };
class FakeReadinessModule {}
const fakeReadiness: DynamicModule = {
  module: FakeReadinessModule,
  global: true,
  providers: [{ provide: SERVICE_READINESS, useValue: readiness }],
  exports: [SERVICE_READINESS],
};

const everyServiceOk = Object.fromEntries(SERVICE_NAMES.map((service) => [service, 'ok']));

describe("the gateway's Kubernetes probes: /livez, and /readyz covering every service", () => {
  const started: INestApplication[] = [];
  afterAll(async () => {
    await Promise.all(started.map((app) => app.close()));
  });
  const gateway = async (services: readonly string[]): Promise<string> => {
    const controllers = SERVICE_NAMES.filter((service) => services.includes(service)).map((service) => healthController(service));
    const { app, base } = await startProbeGateway({ controllers, imports: [fakeReadiness] });
    started.push(app);
    return base;
  };

  it('given every service ready, then alive and ready, outside /rest and without credentials', async () => {
    const base = await gateway(SERVICE_NAMES);
    expect((await http(base, '/livez')).json()).toEqual({ status: 'ok' });
    const ready = await http(base, '/readyz');
    expect({ status: ready.status, body: ready.json() }).toEqual({ status: 200, body: { status: 'ok', services: everyServiceOk } });
  });

  it('given a service whose projection stopped at an event, then not ready (503) naming it and why; alive still', async () => {
    const base = await gateway(SERVICE_NAMES);
    const problem: ReadinessProblem = {
      projection: 'bugs',
      stream: 'bug-7',
      position: '42',
      event_type: 'BugCreated',
      event_id: 'e-1',
      error: 'boom',
      since: '2026-01-02T03:04:05Z',
    };
    stopped = [problem];
    try {
      const ready = await http(base, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        services: Object.fromEntries(SERVICE_NAMES.map((service) => [service, 'not_ready'])),
        problems: expect.arrayContaining([{ service: 'bugs', ...problem }]),
      });
      expect((await http(base, '/livez')).status).toBe(200);
    } finally {
      stopped = [];
    }
    expect((await http(base, '/readyz')).status).toBe(200);
  });

  it('given a service nothing runs, then not ready (503) naming it unavailable', async () => {
    const base = await gateway(SERVICE_NAMES.filter((service) => service !== 'mailer'));
    const ready = await http(base, '/readyz');
    expect({ status: ready.status, body: ready.json() }).toEqual({
      status: 503,
      body: { status: 'degraded', services: { ...everyServiceOk, mailer: 'unavailable' } },
    });
  });
});
