import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sparePort } from '@tracker/testing';

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl on a spare loopback port in a
 * temporary directory), which the test may stop at once (`-m immediate`: no checkpoint,
 * recovery from the write-ahead log at the next start) without touching the shared server
 * on 5432. PostgreSQL refuses to run as root: as root (CI) every command runs as the
 * `postgres` user through runuser.
 */
export interface OwnPostgres {
  readonly url: string;
  stopImmediately(): void;
  start(): void;
  destroy(): void;
}

export function startOwnPostgres(): Promise<OwnPostgres> {
  return sparePort().then((port) => {
    const bin = postgresBin();
    const dir = mkdtempSync(join(tmpdir(), 'tracker-fault-pg-'));
    const data = join(dir, 'data');
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    const run = (tool: string, args: readonly string[]): void => {
      const command = join(bin, tool);
      execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : [...args], {
        stdio: 'pipe',
        cwd: dir,
      });
    };
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    const start = (): void => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stopImmediately: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
      start,
      destroy: () => {
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}

/** The newest installed PostgreSQL's binaries (Debian keeps them out of PATH). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
  if (!found) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)');
  return found;
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}
