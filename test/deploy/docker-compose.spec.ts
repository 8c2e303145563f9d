import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './support/kubectl';
import { DEPLOYED_PROCESSES, readEnvironment, readsVariable } from './support/process-environment';

/**
 * docker-compose.yml, checked without a Docker engine (none runs here): its structure, the
 * infrastructure of production, and each Tracker service's variables against what that
 * process's own configuration loader reads and accepts.
 */
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: unknown };
  ports?: string[];
  volumes?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const INFRASTRUCTURE = ['postgres', 'eventstoredb', 'nats', 'redis', 'minio', 'mailpit'];

/** `${NAME:-default}` and `${NAME}` as compose substitutes them with nothing set in the shell or .env */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_match, _name: string, fallback?: string) => fallback ?? '');
}

function environmentOf(service: ComposeService): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]));
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
  const services = compose.services;

  it('runs every Tracker process and the infrastructure of production', () => {
    expect(Object.keys(services).sort()).toEqual([...DEPLOYED_PROCESSES, ...INFRASTRUCTURE].sort());
    expect(services['nats']?.command).toEqual(expect.arrayContaining(['-js']));
  });

  it('is well formed: an image or a build each, dependencies and volumes that exist, healthchecks where it waits', () => {
    const problems: string[] = [];
    for (const [name, service] of Object.entries(services)) {
      if (!service.image && !service.build) problems.push(`${name}: neither image nor build`);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const target = services[dependency];
        if (!target) problems.push(`${name}: depends on ${dependency}, which is not a service`);
        else if (condition === 'service_healthy' && !target.healthcheck && target.build === undefined)
          problems.push(`${name}: waits for ${dependency} to be healthy, which has no healthcheck`);
        else if (!['service_healthy', 'service_started', 'service_completed_successfully'].includes(condition))
          problems.push(`${name}: unknown condition ${condition}`);
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (!source.startsWith('.') && !source.startsWith('/') && !(source in (compose.volumes ?? {})))
          problems.push(`${name}: volume ${source} is not declared`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('builds one image for every Tracker process, TRACKER_SERVICE picking it, and publishes only the gateway on all addresses', () => {
    for (const process of DEPLOYED_PROCESSES) {
      expect({ process, image: services[process]?.image, service: services[process]?.environment?.['TRACKER_SERVICE'] }).toEqual({
        process,
        image: 'tracker:latest',
        service: process,
      });
    }
    const published = Object.entries(services).flatMap(([name, service]) =>
      (service.ports ?? []).filter((port) => !port.startsWith('127.0.0.1:')).map((port) => `${name} ${port}`),
    );
    expect(published).toEqual(['gateway 3000:3000']);
  });

  it.each(DEPLOYED_PROCESSES)('gives %s only variables it reads, and values it accepts', (process) => {
    const env = environmentOf(services[process] ?? {});
    const reading = readEnvironment(process, env);
    expect(reading.refused).toBeUndefined();
    expect(Object.keys(env).filter((name) => !readsVariable(reading, name))).toEqual([]);
  });

  it('points every Tracker service at servers compose runs', () => {
    const hosts = DEPLOYED_PROCESSES.flatMap((process) =>
      Object.entries(environmentOf(services[process] ?? {}))
        .filter(([name]) => name.endsWith('_URL') || name === 'TRACKER_S3_ENDPOINT')
        .map(([name, value]) => ({ process, name, host: name === 'TRACKER_S3_ENDPOINT' ? value : new URL(value).hostname })),
    );
    expect(hosts.filter(({ host }) => !INFRASTRUCTURE.includes(host))).toEqual([]);
    expect(new Set(hosts.map(({ host }) => host))).toEqual(new Set(['nats', 'postgres', 'eventstoredb', 'minio', 'redis', 'mailpit']));
  });

  it("gives the mailer its queue on compose's Redis and Mailpit's SMTP, and waits for both", () => {
    const mailer = services['mailer'] ?? {};
    expect(environmentOf(mailer)).toMatchObject({ TRACKER_REDIS_URL: 'redis://redis:6379', SMTP_URL: 'smtp://mailpit:1025' });
    expect(readEnvironment('mailer', environmentOf(mailer)).refused).toBeUndefined();
    expect(Object.keys(mailer.depends_on ?? {})).toEqual(expect.arrayContaining(['redis', 'mailpit']));
  });

  it('gives every service an operations port for /metrics and the probes, published on no address', () => {
    const serviceProcesses = DEPLOYED_PROCESSES.filter((process) => process !== 'gateway');
    expect(serviceProcesses.map((process) => [process, environmentOf(services[process] ?? {})['TRACKER_METRICS_PORT']])).toEqual(
      serviceProcesses.map((process) => [process, '9464']),
    );
    expect(serviceProcesses.flatMap((process) => services[process]?.ports ?? [])).toEqual([]);
  });

  it('given a variable no process reads, then the check names it (the check bites)', () => {
    const reading = readEnvironment('bugs', { TRACKER_EVENT_STORE: 'eventstoredb', TRACKER_EVENTSTORE_URI: 'esdb://x:2113' });
    expect(readsVariable(reading, 'TRACKER_EVENTSTORE_URI')).toBe(false);
    expect(readsVariable(reading, 'TRACKER_EVENTSTORE_URL')).toBe(true);
    expect(readEnvironment('identity', { TRACKER_DATABASE_URL: 'mysql://db/tracker' }).refused).toContain(
      'TRACKER_DATABASE_URL=mysql://db/tracker must use one of the protocols postgres, postgresql',
    );
  });
});
