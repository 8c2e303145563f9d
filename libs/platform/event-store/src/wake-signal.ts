/**
 * Wakes waiting subscribers when something was appended, or after a timeout so that
 * a missed notification only delays delivery, never loses it. The generation counter
 * closes the gap between "read found nothing" and "start waiting": a notification in
 * between makes the wait return at once.
 */
export class WakeSignal {
  private generationCounter = 0;
  private waiters = new Set<() => void>();

  get generation(): number {
    return this.generationCounter;
  }

  /**
   * Wakes every waiter, the newest first. A subscription waits again once its batch is
   * applied, so the newest waiter is the one whose last batch took longest (the bugs read
   * model's, on a create): woken first, it sends its statement first, and the database
   * works on the longest batch while Node prepares the others (docs/benchmarks.md, "The
   * create path, seventh round").
   */
  notify(): void {
    this.generationCounter += 1;
    const waiters = [...this.waiters];
    this.waiters = new Set();
    for (let i = waiters.length - 1; i >= 0; i--) waiters[i]?.();
  }

  wait(sinceGeneration: number, timeoutMs: number): Promise<void> {
    if (this.generationCounter !== sinceGeneration) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.waiters.add(wake);
    });
  }
}
