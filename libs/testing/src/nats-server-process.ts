import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A NATS server of a test's own, on a spare loopback port, that the test may kill (-9) and
 * start again on the same port: for faults the shared server (4222) must never suffer.
 * `nats-server` must be on PATH; a test that needs it fails (never skips) without it.
 */
export interface OwnNatsServer {
  readonly port: number;
  readonly url: string;
  /** kill -9: clients see their connection drop, nothing is said to them */
  kill(): Promise<void>;
  /** starts it again on the same port; resolves once it accepts connections */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnNatsServer(): Promise<OwnNatsServer> {
  if (spawnSync('nats-server', ['--version']).status !== 0) throw new Error('nats-server is not on PATH (apt-get install nats-server)');
  const port = await sparePort();
  let child: ChildProcess | undefined;
  let output = '';
  const start = async (): Promise<void> => {
    const started = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    const ready = new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (output.includes('Server is ready')) resolve();
      };
      started.stdout?.on('data', collect);
      started.stderr?.on('data', collect);
      started.once('exit', (code) => reject(new Error(`nats-server exited (${code}) before it was ready:\n${output}`)));
    });
    output = '';
    await ready;
  };
  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `nats://127.0.0.1:${port}`, kill, start, stop: kill };
}

/** A port nothing listens on now (the OS's choice). */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
