// @ts-check
/*
 * A fresh cluster as PGlite's initdb leaves it, kept once per PGlite version in
 * node_modules/.cache/tracker: initdb takes seconds (tens on a busy machine) and every new
 * database (a first `npm start`, each test database) would run it again, while loading its
 * tarball takes a fraction (docs/testing.md). Used by the embedded PostgreSQL worker and by
 * tools/build.mjs, which makes it ahead of the first start. Plain CommonJS because both a
 * worker thread and the ESM build script load it without any transform.
 */
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join, sep } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { threadId } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

/*
 * PostgreSQL's WebAssembly compiled by V8's baseline compiler (Liftoff) only. By default V8
 * also recompiles hot functions with its optimising compiler (TurboFan) on background
 * threads, and the memory those compilations take from malloc stays in the process: PGlite
 * alone in a worker held ~350 MB resident after opening a database, ~170 MB without the
 * tier-up, for no measurable cost per query (docs/benchmarks.md, "Embedded memory, second
 * round"). The flag is process-wide and read when a module is compiled, so it is set before
 * PGlite compiles its module; no other WebAssembly in Tracker is hot enough to miss TurboFan.
 */
setFlagsFromString('--liftoff-only');

const TEMPLATE = (() => {
  const entry = require.resolve('@electric-sql/pglite');
  const marker = `${sep}node_modules${sep}`;
  const modules = entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
  const { version } = JSON.parse(readFileSync(join(modules, '@electric-sql', 'pglite', 'package.json'), 'utf8'));
  return join(modules, '.cache', 'tracker', `pglite-${version}-initdb.tar`);
})();

/**
 * PGlite's start parameters with a smaller buffer pool. PostgreSQL touches all of
 * `shared_buffers` (128 MB by initdb's default) when it starts, and inside PGlite that is
 * WebAssembly memory that stays resident for the life of the process: with 32 MB an open
 * database is ~120 MB smaller, ~150 MB after a load (docs/benchmarks.md, "Embedded memory").
 * Pages outside the pool are a read from the operating system's page cache away.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the data directory (undefined: in memory); a new one gets its cluster from the
 * template, made first if there is none.
 * @param {string | undefined} dataDir
 */
async function openPglite(dataDir) {
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return PGlite.create(dataDir, { startParams: START_PARAMS });
  const template = readTemplate();
  if (template) return PGlite.create(dataDir, { loadDataDir: new Blob([template]), startParams: START_PARAMS });
  const db = await PGlite.create(dataDir, { startParams: START_PARAMS });
  await saveTemplate(db);
  return db;
}

/** Makes the template unless it exists; true when it had to. */
async function ensurePgliteTemplate() {
  if (existsSync(TEMPLATE)) return false;
  const db = await PGlite.create();
  await saveTemplate(db);
  await db.close();
  return true;
}

function readTemplate() {
  try {
    return readFileSync(TEMPLATE);
  } catch {
    return undefined;
  }
}

/** Written aside and renamed, so that concurrent first starts never read half a template. */
async function saveTemplate(db) {
  try {
    const tarball = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    mkdirSync(dirname(TEMPLATE), { recursive: true });
    const partial = `${TEMPLATE}.${process.pid}-${threadId}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, TEMPLATE);
  } catch {
    // an unwritable cache only costs the next new database its initdb
  }
}

module.exports = { openPglite, ensurePgliteTemplate };
