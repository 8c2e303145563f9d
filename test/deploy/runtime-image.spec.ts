import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './support/kubectl';
import { DEPLOYED_PROCESSES } from './support/process-environment';
import { processEntries, runtimeRequires } from './support/runtime-requires';

/**
 * The runtime image, checked by reading (no Docker engine runs here): the processes it
 * starts load only packages that `npm ci --omit=dev` installs, and only files it copies;
 * its stages copy what exists and what .dockerignore lets through. dist/ is compiled by
 * Jest's global setup.
 */
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** the instructions of one stage (`FROM … AS name` up to the next FROM), continuation lines joined */
function stage(name: string): string[] {
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const start = instructions.findIndex((line) => new RegExp(`^FROM \\S+ AS ${name}$`).test(line));
  if (start < 0) throw new Error(`the Dockerfile has no stage ${name}`);
  const end = instructions.findIndex((line, i) => i > start && line.startsWith('FROM '));
  return instructions.slice(start, end < 0 ? undefined : end);
}

describe('runtime image: what the processes load', () => {
  const requires = runtimeRequires(ROOT, processEntries(ROOT));

  it('starts every process of the image from dist/', () => {
    // tracker-cli: the operator's `tracker audit …` / `projections …`, run in a pod of the image
    expect(processEntries(ROOT).sort()).toEqual(
      [...DEPLOYED_PROCESSES, 'standalone', 'healthcheck', 'tracker-cli'].map((name) => `dist/apps/${name}/src/main.js`).sort(),
    );
  });

  it('requires only production dependencies: nothing the runtime needs is pruned with the dev dependencies', () => {
    const undeclared = [...requires.packages]
      .filter(([name]) => !(name in packageJson.dependencies))
      .map(([name, file]) => `${name} (required by ${file})`);
    expect(undeclared).toEqual([]);
  });

  it('finds every package it requires installed at the top of the production tree', () => {
    const tree = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const installed = new Set(tree.split('\n').map((path) => path.trim().slice(join(ROOT, 'node_modules').length + 1)));
    expect([...requires.packages.keys()].filter((name) => !installed.has(name))).toEqual([]);
  });

  it('loads only files the image copies (dist/apps, dist/libs), never test helpers', () => {
    expect(
      requires.files.filter(
        (file) => !/^dist\/(apps|libs)\//.test(file) || /\/testing\//.test(file) || file.startsWith('dist/libs/testing/'),
      ),
    ).toEqual([]);
    expect(requires.files).toContain('dist/libs/platform/sql/src/embedded-postgres.worker.js');
  });

  it('given a package required but not declared, then it is found, also through a worker script (the check bites)', () => {
    const root = mkdtempSync(join(tmpdir(), 'tracker-requires-'));
    try {
      mkdirSync(join(root, 'dist/apps/x/src'), { recursive: true });
      writeFileSync(join(root, 'dist/apps/x/src/main.js'), `require("./lib"); require("node:fs"); require("fs/promises");`);
      writeFileSync(join(root, 'dist/apps/x/src/lib.js'), `require("@scope/pkg/sub"); new Worker(join(__dirname, 'pool.worker.js'));`);
      writeFileSync(join(root, 'dist/apps/x/src/pool.worker.js'), `require('left-pad');`);
      const found = runtimeRequires(root, processEntries(root));
      expect(Object.fromEntries(found.packages)).toEqual({
        '@scope/pkg': 'dist/apps/x/src/lib.js',
        'left-pad': 'dist/apps/x/src/pool.worker.js',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  it('installs the runtime dependencies without the dev dependencies, in a stage of their own', () => {
    expect(stage('dependencies')).toEqual(
      expect.arrayContaining(['RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force']),
    );
  });

  it('runs as a non-root user by number, with the production node_modules and the compiled processes only', () => {
    const runtime = stage('runtime');
    expect(runtime.filter((line) => line.startsWith('COPY'))).toEqual([
      'COPY --from=dependencies /app/node_modules ./node_modules',
      'COPY --from=build /app/dist/apps ./dist/apps',
      'COPY --from=build /app/dist/libs ./dist/libs',
      'COPY package.json ./',
    ]);
    expect(runtime).toContain('USER 1000:1000');
    expect(runtime.some((line) => line.startsWith('RUN npm') || line.includes('--from=build /app/node_modules'))).toBe(false);
  });

  it('starts the process TRACKER_SERVICE names and checks its health with the healthcheck process', () => {
    const runtime = stage('runtime');
    expect(runtime).toContain('CMD ["sh", "-c", "exec node dist/apps/${TRACKER_SERVICE}/src/main.js"]');
    const healthcheck = runtime.find((line) => line.startsWith('HEALTHCHECK'));
    expect(healthcheck).toMatch(/ CMD \["node", "dist\/apps\/healthcheck\/src\/main\.js"\]$/);
    expect(existsSync(join(ROOT, 'dist/apps/healthcheck/src/main.js'))).toBe(true);
  });

  it('copies into the build only what exists and what .dockerignore lets through', () => {
    const sources = stage('build')
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.filter((source) => !existsSync(join(ROOT, source)))).toEqual([]);
    const ignoredRoots = dockerignore.filter((pattern) => !pattern.includes('*'));
    expect(sources.filter((source) => ignoredRoots.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)))).toEqual([]);
    expect(dockerignore).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git', '.tools', '.env', 'data']));
  });
});
