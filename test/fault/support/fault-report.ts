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

export function printReports(reports: readonly FaultReport[]): void {
  const lines = reports.map(
    (r) =>
      `${r.fault.padEnd(20)} acks ${String(r.acks).padStart(5)}  errors ${String(r.errors).padStart(4)}  seconds of errors ${String(r.errorSeconds).padStart(3)}  back to full speed ${r.backToFullSpeedS === undefined ? 'NOT' : `${r.backToFullSpeedS} s`} (before: ${r.baselinePerS}/s)`,
  );
  process.stdout.write(`\nFaults (issue 17):\n${lines.join('\n')}\n`);
}
