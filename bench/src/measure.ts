/**
 * Runs `operation` `count` times with `concurrency` calls in flight and returns the rate
 * per second. A short warm-up runs first so that connection set-up and JIT compilation
 * stay out of the figure.
 */
export async function ratePerSecond(
  count: number,
  concurrency: number,
  operation: (i: number) => Promise<unknown>,
): Promise<number> {
  await runLanes(Math.min(200, count), concurrency, operation);
  const started = process.hrtime.bigint();
  await runLanes(count, concurrency, operation);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return count / seconds;
}

async function runLanes(count: number, concurrency: number, operation: (i: number) => Promise<unknown>): Promise<void> {
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
