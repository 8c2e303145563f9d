import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageBus } from '@tracker/platform/messaging';
import { LIVENESS_PATH, READINESS_PATH } from '@tracker/platform/runtime';
import { parseEnv } from 'node:util';
import { healthRoutes } from '../../libs/gateway/src/routes/health.routes';
import { systemRoutes } from '../../libs/gateway/src/routes/system.routes';
import { type KubernetesObject, ROOT, kubectlAvailable, kubectlVersion, renderKustomization } from './support/kubectl';
import { schemaProblems } from './support/kubernetes-schema';
import { availabilityProblems, networkProblems, serviceProblems } from './support/object-rules';
import { type PodTemplate, imageProblems, podTemplates, probeProblems, securityProblems } from './support/pod-rules';
import { type ExternalSecrets, environmentProblems, migrationProblems } from './support/environment-rules';

/**
 * The Kubernetes manifests (deploy/k8s), rendered as `kubectl apply -k` would send them by
 * the kubectl of Debian 12 (tools/ensure-system-deps.mjs unpacks it), then validated
 * object by object against the Kubernetes API's schemas (kubernetes-models) and held to
 * the house rules of docs/operations-guide.md. No cluster runs here; this is what CI can
 * know about the manifests without one.
 */
const K8S = join(ROOT, 'deploy/k8s');
/** Kubernetes' probe routes every process serves, and GET routes the gateway answers without credentials: what probes may use */
const PROBE_PATHS = [
  LIVENESS_PATH,
  READINESS_PATH,
  ...[...systemRoutes, ...healthRoutes({} as MessageBus)]
    .filter((route) => route.method === 'GET' && route.credentials === 'ignored')
    .map((route) => `/rest${route.path}`),
];
/** DNS, NATS, PostgreSQL, EventStoreDB, Redis, MinIO/S3 */
const INFRASTRUCTURE_PORTS = [53, 4222, 5432, 2113, 6379, 9000];
/** SMTP, submission over STARTTLS or TLS: the mailer's alone */
const SMTP_PORTS = [25, 465, 587];

/** the keys and example values of a Secret's example env file */
function exampleSecret(file: string): Record<string, string> {
  const entries = Object.entries(parseEnv(readFileSync(join(K8S, file), 'utf8')));
  return Object.fromEntries(entries.flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])));
}

interface Overlay {
  readonly name: string;
  readonly image: string;
  readonly autoscaled: boolean;
  readonly external: ExternalSecrets;
}

const OVERLAYS: readonly Overlay[] = [
  { name: 'dev', image: 'tracker:dev', autoscaled: false, external: new Map() },
  {
    name: 'production',
    image: 'registry.example.com/tracker:0.1.0',
    autoscaled: true,
    // created by the operator; its keys are documented in its example file
    external: new Map([['tracker-secrets', exampleSecret('overlays/production/tracker-secrets.example.env')]]),
  },
];

/** Every house rule over one rendering, one line per breach. */
function ruleProblems(objects: readonly KubernetesObject[], overlay: Overlay): string[] {
  const pods: PodTemplate[] = podTemplates(objects);
  return [
    ...securityProblems(pods),
    ...imageProblems(pods, overlay.image),
    ...probeProblems(pods, PROBE_PATHS),
    ...availabilityProblems(objects, pods, overlay.autoscaled),
    ...serviceProblems(objects, pods),
    ...networkProblems(objects, pods, INFRASTRUCTURE_PORTS, SMTP_PORTS),
    ...migrationProblems(pods),
    ...environmentProblems(objects, pods, overlay.external),
  ];
}

const describeWithKubectl = kubectlAvailable() ? describe : describe.skip;
if (!kubectlAvailable())
  console.warn(
    `\n!!! SKIPPED the Kubernetes manifests: no ${join(ROOT, '.tools')} kubectl (run tools/ensure-system-deps.mjs as root) !!!\n`,
  );

describeWithKubectl('Kubernetes manifests', () => {
  it('are rendered by the kubectl of Debian 12', () => {
    expect(kubectlVersion()).toMatch(/^Client Version: v1\.20\./);
  });

  describe.each(OVERLAYS)('overlay $name', (overlay) => {
    let objects: KubernetesObject[];
    beforeAll(() => {
      objects = renderKustomization(join(K8S, 'overlays', overlay.name));
    });

    it('renders every kind Tracker needs, all in the namespace tracker', () => {
      const kinds = new Set(objects.map((object) => object.kind));
      const expected = ['Namespace', 'ServiceAccount', 'ConfigMap', 'Deployment', 'Service', 'Job', 'PodDisruptionBudget', 'NetworkPolicy'];
      expect([...kinds].sort()).toEqual([...expected, ...(overlay.autoscaled ? ['HorizontalPodAutoscaler'] : ['Secret'])].sort());
      const deployments = objects.filter((object) => object.kind === 'Deployment').map((object) => object.metadata.name);
      expect(deployments.sort()).toEqual(['bugs', 'catalog', 'comments', 'flags', 'gateway', 'identity', 'mailer']);
      const outside = objects.filter((object) => object.kind !== 'Namespace' && object.metadata.namespace !== 'tracker');
      expect(outside.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual([]);
    });

    it('gives the mailer its queue and SMTP relay from the Secret, and each service its operations port, probed there', () => {
      const containers = podTemplates(objects)
        .filter((pod) => pod.owner.kind === 'Deployment')
        .flatMap((pod) => pod.spec.containers);
      const mailer = containers.find((container) => container.name === 'mailer');
      const secretKeys = (mailer?.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.key ?? []);
      expect(secretKeys).toEqual(expect.arrayContaining(['TRACKER_REDIS_URL', 'SMTP_URL']));
      const services = containers.filter((container) => container.name !== 'gateway');
      expect(
        services.map((container) => ({
          name: container.name,
          port: container.env?.find((variable) => variable.name === 'TRACKER_METRICS_PORT')?.value,
          ops: container.ports?.find((port) => port.name === 'ops')?.containerPort,
          probes: [container.startupProbe, container.livenessProbe, container.readinessProbe].map((probe) => probe?.httpGet?.path),
        })),
      ).toEqual(
        ['bugs', 'catalog', 'comments', 'flags', 'identity', 'mailer'].map((name) => ({
          name,
          port: '9464',
          ops: 9464,
          probes: ['/livez', '/livez', '/readyz'],
        })),
      );
    });

    it("lets an upgrade apply the configuration and the migration Job alone (-l 'app.kubernetes.io/component in (configuration,migration)')", () => {
      const first = objects.filter((object) =>
        ['configuration', 'migration'].includes(object.metadata.labels?.['app.kubernetes.io/component'] ?? ''),
      );
      const configuration = objects.filter((object) => object.kind === 'ConfigMap' || object.kind === 'Secret');
      expect(first.map((object) => object.kind).sort()).toEqual([...configuration.map((object) => object.kind), 'Job'].sort());
    });

    it('validates against the Kubernetes schemas', () => {
      expect(schemaProblems(objects)).toEqual([]);
    }, 60_000);

    it('keeps the house rules: restricted pods, probes, budgets, autoscalers, network policies, the migration Job, the variables the apps read', () => {
      expect(ruleProblems(objects, overlay)).toEqual([]);
    });
  });
});

describeWithKubectl('Kubernetes manifests with mistakes fail', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'tracker-k8s-'));
    cpSync(K8S, copy, { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  /** the base with `edits` applied to its files, rendered through the dev overlay */
  function renderEdited(edits: Record<string, Array<[string, string]>>): KubernetesObject[] {
    cpSync(join(K8S, 'base'), join(copy, 'base'), { recursive: true });
    for (const [file, replacements] of Object.entries(edits)) {
      const path = join(copy, 'base', file);
      let text = readFileSync(path, 'utf8');
      for (const [from, to] of replacements) {
        if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
        text = text.replace(from, to);
      }
      writeFileSync(path, text);
    }
    return renderKustomization(join(copy, 'overlays/dev'));
  }

  it('given a misspelt field, a value of the wrong type and an unknown apiVersion, then the schema validation names each', () => {
    const objects = renderEdited({
      'gateway.yaml': [['readinessProbe:', 'readynessProbe:']],
      'bugs.yaml': [['revisionHistoryLimit: 5', 'revisionHistoryLimit: five']],
      'pod-disruption-budgets.yaml': [['apiVersion: policy/v1', 'apiVersion: policy/v2']],
    });
    expect(schemaProblems(objects)).toEqual([
      'PodDisruptionBudget/gateway: policy/v2 PodDisruptionBudget is not a kind of the Kubernetes API',
      'Deployment/bugs: data/spec/revisionHistoryLimit must be integer',
      `Deployment/bugs: Type 'string' is not assignable to type 'number'. (at "revisionHistoryLimit": "five",)`,
      `Deployment/gateway: Object literal may only specify known properties, and '"readynessProbe"' does not exist in type 'IContainer'. (at "readynessProbe": {)`,
    ]);
  }, 60_000);

  it('given a writable root filesystem, a probe on an unserved path or an undeclared port, an unknown variable and SMTP beyond the mailer, then the house rules name each', () => {
    const objects = renderEdited({
      'flags.yaml': [['httpGet: { path: /readyz, port: ops }', 'httpGet: { path: /readyz, port: metrics }']],
      'catalog.yaml': [['- { name: ops, containerPort: 9464, protocol: TCP }', '']],
      'identity.yaml': [['readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false']],
      'gateway.yaml': [
        ['path: /readyz', 'path: /rest/healthz'],
        ['- { name: TRACKER_TRUST_PROXY, value: "true" }', '- { name: TRACKER_TRUST_PROXIES, value: "true" }'],
      ],
      'tracker-config.env': [['TRACKER_EVENT_STORE=eventstoredb', 'TRACKER_EVENT_STORE=kafka']],
      'network-policies.yaml': [['- { protocol: TCP, port: 6379 } # Redis', '- { protocol: TCP, port: 587 } # SMTP from every service']],
    });
    expect(ruleProblems(objects, OVERLAYS[0]!)).toEqual(
      expect.arrayContaining([
        'Deployment/identity container identity: the root filesystem is not read-only',
        'Deployment/gateway container gateway: readinessProbe on /rest/healthz, which Tracker does not serve',
        'Deployment/flags container flags: readinessProbe on port metrics, which the container does not declare',
        'Deployment/catalog container catalog: declares no port, so nothing can probe it',
        'NetworkPolicy/services-egress: egress to port 587 (SMTP) for Deployment/bugs, Deployment/catalog, Deployment/comments, Deployment/flags, Deployment/identity, Job/tracker-migrate, not the mailer alone',
        'Deployment/gateway container gateway: sets TRACKER_TRUST_PROXIES, which gateway does not read',
        expect.stringMatching(
          /^Deployment\/bugs container bugs: bugs refuses its environment: Invalid configuration:\n {2}- TRACKER_EVENT_STORE=kafka is not one of: postgres, eventstoredb/,
        ),
      ]),
    );
  }, 60_000);
});
