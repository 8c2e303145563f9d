import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * The renderer of the Kubernetes manifests: `kubectl kustomize` of Debian's
 * kubernetes-client, which tools/ensure-system-deps.mjs unpacks into .tools/ before the
 * tests (a kubectl elsewhere on the PATH may be another version with another kustomize).
 */
export const ROOT = resolve(__dirname, '../../..');
export const KUBECTL = join(ROOT, '.tools/kubernetes-client/usr/bin/kubectl');

export interface KubernetesObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace?: string; readonly labels?: Record<string, string> };
  readonly [field: string]: unknown;
}

export function kubectlAvailable(): boolean {
  return existsSync(KUBECTL) && spawnSync(KUBECTL, ['version', '--client'], { stdio: 'ignore' }).status === 0;
}

/** `kubectl kustomize <dir>`: the objects an apply would send, or the renderer's error. */
export function renderKustomization(dir: string): KubernetesObject[] {
  const result = spawnSync(KUBECTL, ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  return parseYamlObjects(result.stdout);
}

export function parseYamlObjects(text: string): KubernetesObject[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`not YAML: ${document.errors.map((e) => e.message).join('; ')}`);
    const value = document.toJS() as KubernetesObject | null;
    return value === null || value === undefined ? [] : [value];
  });
}

export function kubectlVersion(): string {
  return execFileSync(KUBECTL, ['version', '--client', '--short'], { encoding: 'utf8' }).trim();
}
