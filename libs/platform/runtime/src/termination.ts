import { Logger } from '@nestjs/common';

/** What Kubernetes (SIGTERM) and a person at a terminal (Ctrl-C: SIGINT) send to stop a process. */
const TERMINATION_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Runs `shutdown` once, on the first SIGTERM or SIGINT (a second signal is ignored while
 * it runs), then exits: 0 when it finished, 1 when it failed. Replaces Nest's
 * `enableShutdownHooks`, whose order (module hooks first: the message clients and pools
 * close, then the server stops taking work) would fail the requests still in flight.
 * Returns what removes the handlers (for a process that stops for another reason).
 */
export function onTermination(shutdown: (signal: NodeJS.Signals) => Promise<void>, logger = new Logger('Shutdown')): () => void {
  let started = false;
  const handler = (signal: NodeJS.Signals): void => {
    if (started) return;
    started = true;
    logger.log(`${signal}: shutting down gracefully`);
    shutdown(signal).then(
      () => {
        logger.log('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of TERMINATION_SIGNALS) process.on(signal, handler);
  return () => {
    for (const signal of TERMINATION_SIGNALS) process.off(signal, handler);
  };
}
