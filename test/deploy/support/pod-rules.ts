import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { KubernetesObject } from './kubectl';
import { nameOf } from './kubernetes-schema';

/**
 * The house rules for Tracker's pods, beyond what the schemas check: what
 * docs/operations-guide.md promises about every pod the manifests run. Each rule returns
 * one line per breach; the manifests suite expects none, and shows that each rule bites.
 */
export interface PodTemplate {
  readonly owner: KubernetesObject;
  readonly labels: Readonly<Record<string, string>>;
  readonly spec: IPodSpec;
}

/** The pods of every Deployment and Job, with their labels. */
export function podTemplates(objects: readonly KubernetesObject[]): PodTemplate[] {
  return objects.flatMap((owner) => {
    if (owner.kind !== 'Deployment' && owner.kind !== 'Job') return [];
    const template = (owner['spec'] as { template: { metadata?: { labels?: Record<string, string> }; spec: IPodSpec } }).template;
    return [{ owner, labels: template.metadata?.labels ?? {}, spec: template.spec }];
  });
}

export function containersOf(pod: PodTemplate): IContainer[] {
  return [...(pod.spec.initContainers ?? []), ...pod.spec.containers];
}

/** Kubernetes' "restricted" Pod Security Standard, and resources on every container. */
export function securityProblems(pods: readonly PodTemplate[]): string[] {
  return pods.flatMap((pod) => {
    const where = nameOf(pod.owner);
    const problems: string[] = [];
    const context = pod.spec.securityContext;
    if (context?.runAsNonRoot !== true) problems.push(`${where}: the pod does not set runAsNonRoot: true`);
    if (context?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: the pod's seccomp profile is not RuntimeDefault`);
    if (pod.spec.automountServiceAccountToken !== false) problems.push(`${where}: the pod mounts a service account token`);
    if (pod.spec.hostNetwork || pod.spec.hostPID || pod.spec.hostIPC) problems.push(`${where}: the pod shares a host namespace`);
    for (const container of containersOf(pod)) {
      const at = `${where} container ${container.name}`;
      const own = container.securityContext;
      if (own?.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation is not false`);
      if (own?.readOnlyRootFilesystem !== true) problems.push(`${at}: the root filesystem is not read-only`);
      if (own?.privileged === true) problems.push(`${at}: privileged`);
      if (!own?.capabilities?.drop?.includes('ALL')) problems.push(`${at}: does not drop ALL capabilities`);
      if ((own?.capabilities?.add ?? []).length > 0) problems.push(`${at}: adds capabilities ${own?.capabilities?.add?.join(', ')}`);
      const { requests = {}, limits = {} } = container.resources ?? {};
      if (requests['cpu'] === undefined || requests['memory'] === undefined) problems.push(`${at}: no cpu and memory requests`);
      if (limits['memory'] === undefined) problems.push(`${at}: no memory limit`);
    }
    return problems;
  });
}

/** Every container runs the release's image, by tag, never `latest`. */
export function imageProblems(pods: readonly PodTemplate[], image: string): string[] {
  return pods.flatMap((pod) =>
    containersOf(pod)
      .filter((container) => container.image !== image)
      .map((container) => `${nameOf(pod.owner)} container ${container.name}: runs ${container.image ?? 'no image'}, not ${image}`),
  );
}

/** Every long-running process (a Deployment's) is probed on routes it serves, through a port it declares. */
export function probeProblems(pods: readonly PodTemplate[], servedPaths: readonly string[]): string[] {
  const unprobed = pods
    .filter((pod) => pod.owner.kind === 'Deployment')
    .flatMap((pod) =>
      pod.spec.containers.filter((c) => (c.ports ?? []).length === 0).map((c) => `${nameOf(pod.owner)} container ${c.name}`),
    )
    .map((at) => `${at}: declares no port, so nothing can probe it`);
  return unprobed.concat(
    pods.flatMap((pod) =>
      containersOf(pod)
        .filter((container) => (container.ports ?? []).length > 0)
        .flatMap((container) => {
          const at = `${nameOf(pod.owner)} container ${container.name}`;
          const ports = new Set((container.ports ?? []).flatMap((port) => [port.name, port.containerPort]));
          return (['startupProbe', 'livenessProbe', 'readinessProbe'] as const).flatMap((kind) => {
            const probe = container[kind]?.httpGet;
            if (!probe) return [`${at}: no HTTP ${kind}`];
            const problems: string[] = [];
            if (!ports.has(probe.port)) problems.push(`${at}: ${kind} on port ${probe.port}, which the container does not declare`);
            if (!servedPaths.includes(probe.path ?? '/'))
              problems.push(`${at}: ${kind} on ${probe.path ?? '/'}, which Tracker does not serve`);
            return problems;
          });
        }),
    ),
  );
}

/** Whether a selector picks pods with these labels (matchLabels and matchExpressions). */
export function selects(selector: ILabelSelector | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return labels[key] !== undefined && values.includes(labels[key]);
      case 'NotIn':
        return labels[key] === undefined || !values.includes(labels[key]);
      case 'Exists':
        return labels[key] !== undefined;
      case 'DoesNotExist':
        return labels[key] === undefined;
      default:
        return false;
    }
  });
  return byLabels && byExpressions;
}
