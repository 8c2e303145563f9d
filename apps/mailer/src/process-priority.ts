import { Logger } from '@nestjs/common';
import { getPriority, setPriority } from 'node:os';

/**
 * Mail is off the write path by design and tolerates latency, so on a host it shares with the
 * services the mailer yields the CPU to them: its own process (pid 0 = this one) runs at
 * niceness `nice` (TRACKER_MAILER_NICE), the single-host equivalent of giving the mailer its
 * own CPU request in Kubernetes (docs/mail.md §5). A process already nicer is left so (raising
 * priority needs privileges the mailer should not have); a refusal is logged, not fatal.
 */
export function yieldCpuToServices(nice: number, logger = new Logger('mailer')): void {
  const current = getPriority();
  if (current >= nice) {
    logger.log(`CPU priority: niceness ${current} kept (TRACKER_MAILER_NICE=${nice} asks no lower priority)`);
    return;
  }
  try {
    setPriority(nice);
    logger.log(`CPU priority: niceness ${getPriority()} (TRACKER_MAILER_NICE, was ${current}): the services' requests get the CPU first`);
  } catch (error) {
    logger.warn(`CPU priority: could not set niceness ${nice} (TRACKER_MAILER_NICE): ${String(error)}; running at ${current}`);
  }
}
