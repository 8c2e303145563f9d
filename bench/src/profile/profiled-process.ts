import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { NodeProcess } from '@tracker/testing';

const ROOT = resolve(__dirname, '../../../..');

/**
 * A Tracker process (the standalone one unless `script` names another) under
 * `node --cpu-prof` (NODE_OPTIONS refuses the flag, so the process is spawned with it), its
 * profile written to `profileDir` when it is stopped.
 */
export function startProfiled(
  profileDir: string,
  env: Readonly<Record<string, string>>,
  script = 'dist/apps/standalone/src/main.js',
): NodeProcess {
  const args = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--require', join(__dirname, 'profile-preload.js'), script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    name: `${script} (profiled)`,
    output: () => output,
    waitFor: async (pattern, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern}; output:\n${output}`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    },
    exitStatus: () => child.exitCode ?? child.signalCode,
    kill: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
