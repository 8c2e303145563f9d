// Compiles every TypeScript source under apps/, libs/ and bench/ to dist/ with swc
// (about a second for the whole tree), rewriting the @tracker/* path aliases of
// tsconfig.base.json into relative requires so that plain `node` runs the output.
// Plain .js sources (worker-thread scripts, and the .cjs modules they load) are copied as
// they are. Last, the embedded PostgreSQL's template is made, once per PGlite version.
// Type checking is `npm run typecheck`; this step only transpiles. Unchanged files
// are skipped, so a second `npm start` compiles nothing.
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist');
const sourceDirs = ['apps', 'libs', 'bench'];
const isSource = (name) =>
  (name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.spec.ts')) || name.endsWith('.worker.js') || name.endsWith('.cjs');

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (isSource(entry.name)) yield path;
  }
}

async function isUpToDate(source, target) {
  try {
    const [s, t] = await Promise.all([stat(source), stat(target)]);
    return t.mtimeMs >= s.mtimeMs;
  } catch {
    return false;
  }
}

const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));
const configStamp = (await stat(join(root, 'tsconfig.base.json'))).mtimeMs;
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
    baseUrl: root,
    paths: tsconfig.compilerOptions.paths,
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
};

let compiled = 0;
let total = 0;
const jobs = [];
for (const dir of sourceDirs) {
  for await (const source of walk(join(root, dir))) {
    total += 1;
    const target = join(outDir, relative(root, source)).replace(/\.ts$/, '.js');
    jobs.push(
      (async () => {
        if ((await isUpToDate(source, target)) && (await stat(target)).mtimeMs >= configStamp) return;
        await mkdir(dirname(target), { recursive: true });
        if (/\.c?js$/.test(source)) {
          await copyFile(source, target);
          compiled += 1;
          return;
        }
        const { code, map } = await transformFile(source, { ...swcOptions, filename: source });
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
        if (map) await writeFile(`${target}.map`, map);
        compiled += 1;
      })(),
    );
  }
}
await Promise.all(jobs);
console.error(`build: ${compiled} of ${total} files compiled to dist/`);

// the embedded PostgreSQL's fresh cluster, made once so that no start pays PGlite's initdb
const { ensurePgliteTemplate } = createRequire(import.meta.url)('../libs/platform/sql/src/pglite-template.cjs');
if (await ensurePgliteTemplate()) console.error('build: made the embedded PostgreSQL template (once per PGlite version)');
