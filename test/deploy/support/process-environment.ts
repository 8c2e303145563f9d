import { loadBugsConfig } from '../../../apps/bugs/src/config';
import { loadCatalogConfig } from '../../../apps/catalog/src/config';
import { loadCommentsConfig } from '../../../apps/comments/src/config';
import { loadFlagsConfig } from '../../../apps/flags/src/config';
import { loadGatewayConfig } from '../../../apps/gateway/src/config';
import { loadIdentityConfig } from '../../../apps/identity/src/config';
import { loadMailerConfig } from '../../../apps/mailer/src/config';

/**
 * What a Tracker process makes of an environment, found by running its own config loader
 * (apps/<process>/src/config.ts, the only code that reads process.env) on it: which
 * variables it read and whether it accepted them. The deployment files' suites use it to
 * hold docker-compose.yml and the Kubernetes manifests to the variables the apps read.
 */
export const DEPLOYED_PROCESSES = ['gateway', 'identity', 'catalog', 'bugs', 'comments', 'flags', 'mailer'] as const;
export type DeployedProcess = (typeof DEPLOYED_PROCESSES)[number];

const LOADERS: Record<DeployedProcess, (env: NodeJS.ProcessEnv) => unknown> = {
  gateway: loadGatewayConfig,
  identity: loadIdentityConfig,
  catalog: loadCatalogConfig,
  bugs: loadBugsConfig,
  comments: loadCommentsConfig,
  flags: loadFlagsConfig,
  mailer: loadMailerConfig,
};

export function isDeployedProcess(name: string): name is DeployedProcess {
  return (DEPLOYED_PROCESSES as readonly string[]).includes(name);
}

export interface ProcessReading {
  /** every variable the loader looked at */
  readonly read: ReadonlySet<string>;
  /** the loader's "Invalid configuration" message, when it refused the environment */
  readonly refused?: string;
}

export function readEnvironment(process: DeployedProcess, env: Readonly<Record<string, string>>): ProcessReading {
  const { tracked, read } = trackingReads({ ...env });
  try {
    LOADERS[process](tracked);
    return { read };
  } catch (error) {
    return { read, refused: error instanceof Error ? error.message : String(error) };
  }
}

/** the environment, and the names of the variables read from it so far */
function trackingReads(env: Record<string, string>): { tracked: Record<string, string>; read: Set<string> } {
  const read = new Set<string>();
  const tracked = new Proxy(env, {
    get: (target, name) => {
      if (typeof name !== 'string') return undefined;
      read.add(name);
      return target[name];
    },
  });
  return { tracked, read };
}

/** read by the image itself (the Dockerfile's CMD and HEALTHCHECK pick the process by it), not by a loader */
export const IMAGE_VARIABLES: readonly string[] = ['TRACKER_SERVICE'];

/** whether `process` reads `variable`: its loader, or the image */
export function readsVariable(reading: ProcessReading, variable: string): boolean {
  return reading.read.has(variable) || IMAGE_VARIABLES.includes(variable);
}
