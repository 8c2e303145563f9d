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

  notify(): void {
    this.generationCounter += 1;
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
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
