import type { IContainer } from 'kubernetes-models/v1/Container';
import type { KubernetesObject } from './kubectl';
import { nameOf } from './kubernetes-schema';
import { type PodTemplate, containersOf } from './pod-rules';
import { type DeployedProcess, isDeployedProcess, readEnvironment, readsVariable } from './process-environment';

/**
 * The environment every Tracker container gets (its ConfigMaps, literal values and Secret
 * keys), checked against what its process reads: every reference resolves, the process's
 * own configuration loader accepts the whole environment, every variable set on a
 * container is read by its process, and every ConfigMap variable by some process given it.
 */
export interface ContainerEnvironment {
  readonly where: string;
  readonly process: DeployedProcess;
  readonly env: Readonly<Record<string, string>>;
  /** set on the container itself (env), not from a ConfigMap */
  readonly own: readonly string[];
  readonly configMaps: readonly string[];
}

/** Secrets created outside the manifests (production's), by name: the keys and example values of their example file. */
export type ExternalSecrets = ReadonlyMap<string, Readonly<Record<string, string>>>;

export function environmentProblems(
  objects: readonly KubernetesObject[],
  pods: readonly PodTemplate[],
  external: ExternalSecrets,
): string[] {
  const problems: string[] = [];
  const environments = pods.flatMap((pod) =>
    containersOf(pod).flatMap((container) => environmentOf(objects, pod, container, external, problems)),
  );
  const readers = new Map<string, Set<string>>();
  for (const { where, process, env, own, configMaps } of environments) {
    const reading = readEnvironment(process, env);
    if (reading.refused) problems.push(`${where}: ${process} refuses its environment: ${reading.refused}`);
    for (const name of own.filter((variable) => !readsVariable(reading, variable)))
      problems.push(`${where}: sets ${name}, which ${process} does not read`);
    for (const configMap of configMaps) {
      for (const name of Object.keys(dataOf(objects, 'ConfigMap', configMap) ?? {})) {
        const key = `ConfigMap/${configMap} ${name}`;
        if (!readers.has(key)) readers.set(key, new Set());
        if (readsVariable(reading, name)) readers.get(key)?.add(process);
      }
    }
  }
  for (const [key, processes] of readers) if (processes.size === 0) problems.push(`${key}: no process given it reads it`);
  return problems;
}

/** The migration Job migrates every service that runs as a Deployment, and only the Job migrates. */
export function migrationProblems(pods: readonly PodTemplate[]): string[] {
  const servicesOf = (pod: PodTemplate): string[] =>
    containersOf(pod).map((c) => valueOf(c, 'TRACKER_SERVICE') ?? `(${c.name}: no TRACKER_SERVICE)`);
  const deployed = pods
    .filter((pod) => pod.owner.kind === 'Deployment')
    .flatMap(servicesOf)
    .filter((name) => name !== 'gateway');
  const jobs = pods.filter((pod) => pod.owner.kind === 'Job');
  if (jobs.length !== 1) return [`${jobs.length} migration Jobs, not 1`];
  const job = jobs[0]!;
  const problems: string[] = [];
  if (job.spec.restartPolicy !== 'Never') problems.push(`${nameOf(job.owner)}: restartPolicy is not Never`);
  const migrated = servicesOf(job);
  if ([...migrated].sort().join() !== [...deployed].sort().join())
    problems.push(`${nameOf(job.owner)}: migrates ${migrated.join(', ')}; the Deployments run ${deployed.join(', ')}`);
  for (const pod of pods) {
    for (const container of containersOf(pod)) {
      const migrateOnly = valueOf(container, 'TRACKER_MIGRATE_ONLY') === 'true';
      if (migrateOnly !== (pod === job))
        problems.push(`${nameOf(pod.owner)} container ${container.name}: TRACKER_MIGRATE_ONLY is ${migrateOnly}`);
    }
  }
  return problems;
}

function valueOf(container: IContainer, name: string): string | undefined {
  return container.env?.find((variable) => variable.name === name)?.value;
}

function dataOf(objects: readonly KubernetesObject[], kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> | undefined {
  const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) return undefined;
  if (kind === 'ConfigMap') return (object['data'] ?? {}) as Record<string, string>;
  const encoded = Object.entries((object['data'] ?? {}) as Record<string, string>).map(([key, value]): [string, string] => [
    key,
    Buffer.from(value, 'base64').toString('utf8'),
  ]);
  const decoded: Record<string, string> = Object.fromEntries(encoded);
  return { ...decoded, ...((object['stringData'] ?? {}) as Record<string, string>) };
}

function environmentOf(
  objects: readonly KubernetesObject[],
  pod: PodTemplate,
  container: IContainer,
  external: ExternalSecrets,
  problems: string[],
): ContainerEnvironment[] {
  const where = `${nameOf(pod.owner)} container ${container.name}`;
  const env: Record<string, string> = {};
  const configMaps: string[] = [];
  for (const source of container.envFrom ?? []) {
    const name = source.configMapRef?.name ?? source.secretRef?.name ?? '';
    const data = source.configMapRef ? dataOf(objects, 'ConfigMap', name) : undefined;
    if (!data) problems.push(`${where}: envFrom ${name}, which is not a rendered ConfigMap (Secrets are given key by key)`);
    else configMaps.push(name);
    Object.assign(env, data ?? {});
  }
  const own: string[] = [];
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef ?? variable.valueFrom?.configMapKeyRef;
    const kind = variable.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap';
    const data = ref
      ? (dataOf(objects, kind, ref.name ?? '') ?? (kind === 'Secret' ? external.get(ref.name ?? '') : undefined))
      : undefined;
    if (ref && !data)
      problems.push(`${where}: ${variable.name} from ${kind} ${ref.name ?? ''}, which is neither rendered nor a known external Secret`);
    const value = ref ? data?.[ref.key] : variable.value;
    if (ref && data && value === undefined && ref.optional !== true)
      problems.push(`${where}: ${variable.name} from ${kind} ${ref.name ?? ''} key ${ref.key}, which it does not have`);
    if (value === undefined) continue;
    env[variable.name] = value;
    own.push(variable.name);
  }
  const process = env['TRACKER_SERVICE'] ?? '';
  if (!isDeployedProcess(process)) {
    problems.push(`${where}: TRACKER_SERVICE=${process} is not a process of the image`);
    return [];
  }
  return [{ where, process, env, own, configMaps }];
}
