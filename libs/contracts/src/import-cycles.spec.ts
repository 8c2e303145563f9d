import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The contracts are imported by every library, so a loop between their files would make
 * module load order matter everywhere. This walks the relative imports of every source
 * file and fails on the first loop it finds.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(/from '(\.[^']+)'/g)].map((match) => resolve(dirname(file), match[1] ?? ''));
  return targets.map((target) => (statSync(`${target}.ts`, { throwIfNoEntry: false }) ? `${target}.ts` : join(target, 'index.ts')));
}

function findLoop(files: readonly string[]): string[] | null {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | null => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    for (const next of graph.get(file) ?? []) {
      const loop = visit(next, [...path, file]);
      if (loop) return loop;
    }
    done.add(file);
    return null;
  };
  for (const file of files) {
    const loop = visit(file, []);
    if (loop) return loop.map((entry) => relative(__dirname, entry));
  }
  return null;
}

describe('libs/contracts', () => {
  it('has no import loop between its files', () => {
    expect(findLoop(sourceFiles(__dirname))).toBeNull();
  });
});
