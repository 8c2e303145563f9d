import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A node process started by a test (a service or the gateway of distributed mode), with
 * its output kept for the failure message, stopped with SIGTERM (then SIGKILL).
 */
export interface NodeProcess {
  readonly name: string;
  output(): string;
  /** resolves with the first match of `pattern` in the output */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
  /** how it ended: its exit code, or the signal that ended it (SIGKILL when `stop` had to force it); null while it runs */
  exitStatus(): number | NodeJS.Signals | null;
  /** kill -9: no shutdown hook runs, as when a machine or the OOM killer ends it */
  kill(): Promise<void>;
}

export function startNodeProcess(name: string, script: string, env: Readonly<Record<string, string>>, cwd: string): NodeProcess {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    name,
    output: () => output,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(output);
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${name}: no ${pattern} within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        const onExit = (): void => {
          done();
          reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before ${pattern}; output:\n${output}`));
        };
        const done = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      }),
    exitStatus: () => child.exitCode ?? child.signalCode,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}
