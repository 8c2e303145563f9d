import type { Load } from './load';

/** What the fault tests print per fault (issue 17: acks, errors, seconds of errors, seconds back to full speed). */
export interface FaultReport {
  readonly fault: string;
  /** requests acknowledged from the fault to full speed */
  readonly acks: number;
  /** attempts that failed (each retry counts) in the same time */
  readonly errors: number;
  /** seconds in which at least one attempt failed */
  readonly errorSeconds: number;
  /** from the restart to the first 2 s at 60 % or more of the rate before the fault; undefined when not within the limit */
  readonly backToFullSpeedS: number | undefined;
  readonly baselinePerS: number;
}

/** Full speed: two seconds at this share of the rate before the fault (a shared 2-core machine is noisy). */
const FULL_SPEED_SHARE = 0.6;
const WINDOW_MS = 2000;
const STEP_MS = 250;

/** Waits (up to the limit and a window) and measures one fault's report from the load's attempts. */
export async function measure(
  load: Load,
  fault: string,
  faultAt: number,
  restartedAt: number,
  baselineMs: number,
  limitS: number,
): Promise<FaultReport> {
  const baselinePerS = (load.acksBetween(faultAt - baselineMs, faultAt) * 1000) / baselineMs;
  let back: number | undefined;
  for (let from = restartedAt; back === undefined && from <= restartedAt + limitS * 1000; from += STEP_MS) {
    while (Date.now() < from + WINDOW_MS) await new Promise((resolve) => setTimeout(resolve, 100));
    if ((load.acksBetween(from, from + WINDOW_MS) * 1000) / WINDOW_MS >= FULL_SPEED_SHARE * baselinePerS) back = from;
  }
  const end = back ?? Date.now();
  const failed = load.attempts.filter((attempt) => !attempt.ok && attempt.at >= faultAt && attempt.at < end);
  return {
    fault,
    acks: load.acksBetween(faultAt, end),
    errors: failed.length,
    errorSeconds: new Set(failed.map((attempt) => Math.floor((attempt.at - faultAt) / 1000))).size,
    backToFullSpeedS: back === undefined ? undefined : Math.round((back - restartedAt) / 100) / 10,
    baselinePerS: Math.round(baselinePerS * 10) / 10,
  };
}

/**
 * The load second by second from `from` (ms since the epoch), for a fault that missed its
 * bound: acknowledgements, and failed attempts by how they ended (status and code), so a
 * miss says whether the service, the transport or the client's own in-doubt wait held it.
 */
export function timeline(load: Load, from: number): string {
  const seconds = new Map<number, { acks: number; failures: Map<string, number> }>();
  for (const attempt of load.attempts) {
    if (attempt.at < from) continue;
    const second = Math.floor((attempt.at - from) / 1000);
    const entry = seconds.get(second) ?? { acks: 0, failures: new Map<string, number>() };
    seconds.set(second, entry);
    if (attempt.ok) entry.acks++;
    else {
      const ending = attempt.what.split(']: ')[1]?.split(' ').slice(0, 2).join(' ') ?? attempt.what;
      entry.failures.set(ending, (entry.failures.get(ending) ?? 0) + 1);
    }
  }
  return [...seconds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, { acks, failures }]) => {
      const failed = [...failures.entries()].map(([ending, count]) => `${ending} ×${count}`).join(', ');
      return `${String(second).padStart(3)} s: ${String(acks).padStart(3)} acks${failed ? `; failed: ${failed}` : ''}`;
    })
    .join('\n');
}

export function printReports(reports: readonly FaultReport[]): void {
  const lines = reports.map(
    (r) =>
      `${r.fault.padEnd(20)} acks ${String(r.acks).padStart(5)}  errors ${String(r.errors).padStart(4)}  seconds of errors ${String(r.errorSeconds).padStart(3)}  back to full speed ${r.backToFullSpeedS === undefined ? 'NOT' : `${r.backToFullSpeedS} s`} (before: ${r.baselinePerS}/s)`,
  );
  process.stdout.write(`\nFaults (issue 17):\n${lines.join('\n')}\n`);
}
