import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * What the compiled processes load at run time: starting at each entry file of dist/, it
 * follows the relative requires (and the worker scripts started beside a loaded file) and
 * collects the packages required on the way. The runtime image carries only the production
 * dependencies, so each of these must be one.
 */
export interface RuntimeRequires {
  /** the files reached, relative to the root given */
  readonly files: readonly string[];
  /** package name → the first file requiring it */
  readonly packages: ReadonlyMap<string, string>;
}

const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
/** a worker thread's script, named beside the file that starts it (join(__dirname, 'x.worker.js')) */
const WORKER = /["']([\w.-]+\.worker\.js)["']/g;

export function runtimeRequires(root: string, entries: readonly string[]): RuntimeRequires {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = entries.map((entry) => resolve(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(REQUIRE)) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) queue.push(resolveFile(resolve(dirname(file), specifier)));
      else if (!isBuiltin(specifier) && !packages.has(packageName(specifier))) packages.set(packageName(specifier), relative(root, file));
    }
    for (const [, worker] of code.matchAll(WORKER)) if (worker) queue.push(resolve(dirname(file), worker));
  }
  return { files: [...seen].map((file) => relative(root, file)).sort(), packages };
}

/** `dist/apps/<process>/src/main.js` for every process compiled into dist/ */
export function processEntries(root: string): string[] {
  const apps = join(root, 'dist/apps');
  return readdirSync(apps)
    .filter((name) => existsSync(join(apps, name, 'src/main.js')))
    .map((name) => `dist/apps/${name}/src/main.js`);
}

function resolveFile(path: string): string {
  for (const candidate of [path, `${path}.js`, join(path, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path} is required but not compiled`);
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '');
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
