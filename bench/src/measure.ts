/**
 * Runs `operation` `count` times with `concurrency` calls in flight and returns the rate
 * per second. A short warm-up runs first so that connection set-up and JIT compilation
 * stay out of the figure.
 */
export async function ratePerSecond(count: number, concurrency: number, operation: (i: number) => Promise<unknown>): Promise<number> {
  await runLanes(Math.min(200, count), concurrency, operation);
  const started = process.hrtime.bigint();
  await runLanes(count, concurrency, operation);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return count / seconds;
}

/** Each index once, `concurrency` at a time. */
export async function runLanes(count: number, concurrency: number, operation: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await operation(i);
      }
    }),
  );
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** p50 and p95 of `count` sequential calls, in milliseconds, after `warmUp` unmeasured ones (five unless said). */
export async function latencies(
  count: number,
  operation: (i: number) => Promise<unknown>,
  warmUp = 5,
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmUp; i++) await operation(i);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await operation(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
