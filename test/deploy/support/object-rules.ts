import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IService } from 'kubernetes-models/v1/Service';
import type { KubernetesObject } from './kubectl';
import { nameOf } from './kubernetes-schema';
import { type PodTemplate, containersOf, selects } from './pod-rules';

/** The rules that relate objects to each other: budgets, autoscalers, Services, network policies. */
const ofKind = <T>(objects: readonly KubernetesObject[], kind: string): T[] => objects.filter((o) => o.kind === kind) as unknown as T[];

/** Each Deployment: one disruption budget, rolls without losing capacity; with autoscalers, one each and no fixed replicas. */
export function availabilityProblems(objects: readonly KubernetesObject[], pods: readonly PodTemplate[], autoscaled: boolean): string[] {
  const budgets = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  const autoscalers = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  return pods
    .filter((pod) => pod.owner.kind === 'Deployment')
    .flatMap((pod) => {
      const where = nameOf(pod.owner);
      const spec = pod.owner['spec'] as { replicas?: number; strategy?: { rollingUpdate?: { maxUnavailable?: number | string } } };
      const problems: string[] = [];
      const covering = budgets.filter((budget) => selects(budget.spec?.selector, pod.labels));
      if (covering.length !== 1) problems.push(`${where}: ${covering.length} disruption budgets select its pods, not 1`);
      if (spec.strategy?.rollingUpdate?.maxUnavailable !== 0)
        problems.push(`${where}: a rollout may take a replica away before its successor is available`);
      const scalers = autoscalers.filter(
        (hpa) => hpa.spec?.scaleTargetRef.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === pod.owner.metadata.name,
      );
      if (autoscaled && scalers.length !== 1) problems.push(`${where}: ${scalers.length} autoscalers target it, not 1`);
      if (autoscaled && (scalers[0]?.spec?.minReplicas ?? 1) < 2) problems.push(`${where}: its autoscaler may leave a single replica`);
      if (!autoscaled && scalers.length > 0) problems.push(`${where}: autoscaled in an overlay without autoscalers`);
      if (scalers.length > 0 && spec.replicas !== undefined)
        problems.push(`${where}: sets replicas, which its autoscaler owns (an apply would reset them)`);
      return problems;
    });
}

/** A Service selects the pods of a Deployment and targets a port they declare. */
export function serviceProblems(objects: readonly KubernetesObject[], pods: readonly PodTemplate[]): string[] {
  return ofKind<IService>(objects, 'Service').flatMap((service) => {
    const where = `Service/${service.metadata?.name ?? ''}`;
    const selector = service.spec?.selector ?? {};
    const targets = pods.filter(
      (pod) => pod.owner.kind === 'Deployment' && Object.keys(selector).length > 0 && selects({ matchLabels: selector }, pod.labels),
    );
    if (targets.length !== 1) return [`${where}: selects the pods of ${targets.length} Deployments, not 1`];
    const declared = new Set(containersOf(targets[0]!).flatMap((c) => (c.ports ?? []).flatMap((port) => [port.name, port.containerPort])));
    return (service.spec?.ports ?? [])
      .filter((port) => !declared.has(port.targetPort ?? port.port))
      .map((port) => `${where}: targets port ${port.targetPort ?? port.port}, which its pods do not declare`);
  });
}

/**
 * Default deny; ingress only to the gateway's HTTP port; every pod can resolve names and
 * reaches only the ports of the infrastructure it uses.
 */
export function networkProblems(
  objects: readonly KubernetesObject[],
  pods: readonly PodTemplate[],
  allowedEgressPorts: readonly number[],
  /** SMTP: for the mailer's pods only */
  mailerEgressPorts: readonly number[] = [],
): string[] {
  const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const problems: string[] = [];
  const denyAll = policies.find((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0 && !p.spec?.ingress && !p.spec?.egress);
  if (!denyAll || !(['Ingress', 'Egress'] as const).every((type) => denyAll.spec?.policyTypes?.includes(type)))
    problems.push('no default-deny NetworkPolicy (empty pod selector, Ingress and Egress, no rules)');
  for (const policy of policies) {
    const where = `NetworkPolicy/${policy.metadata?.name ?? ''}`;
    const selected = pods.filter((pod) => selects(policy.spec?.podSelector, pod.labels));
    for (const rule of policy.spec?.ingress ?? []) {
      const nonGateway = selected.filter((pod) => pod.labels['app.kubernetes.io/name'] !== 'gateway');
      if (nonGateway.length > 0) problems.push(`${where}: lets traffic into ${nonGateway.map((pod) => nameOf(pod.owner)).join(', ')}`);
      if ((rule.ports ?? []).length === 0 || (rule.from ?? []).length === 0)
        problems.push(`${where}: an ingress rule open to any port or any source`);
    }
    for (const rule of policy.spec?.egress ?? []) {
      if ((rule.to ?? []).length === 0) problems.push(`${where}: an egress rule to anywhere`);
      const ports = (rule.ports ?? []).map((port) => port.port);
      if (ports.length === 0) problems.push(`${where}: an egress rule to every port`);
      const others = selected.filter((pod) => pod.labels['app.kubernetes.io/name'] !== 'mailer').map((pod) => nameOf(pod.owner));
      for (const port of ports) {
        if (typeof port === 'number' && mailerEgressPorts.includes(port)) {
          if (others.length > 0) problems.push(`${where}: egress to port ${port} (SMTP) for ${others.join(', ')}, not the mailer alone`);
        } else if (typeof port !== 'number' || !allowedEgressPorts.includes(port))
          problems.push(`${where}: egress to port ${String(port)}`);
      }
    }
  }
  for (const pod of pods) {
    const resolves = policies.some(
      (p) =>
        selects(p.spec?.podSelector, pod.labels) &&
        (p.spec?.egress ?? []).some((rule) => (rule.ports ?? []).some((port) => port.port === 53)),
    );
    if (!resolves) problems.push(`${nameOf(pod.owner)}: no policy lets its pods resolve names (port 53)`);
  }
  return problems;
}
