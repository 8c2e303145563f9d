import type { GlobalPosition } from '@tracker/platform/event-store';

interface Waiter {
  readonly position: GlobalPosition;
  readonly settle: (outcome: { reached: boolean } | { error: Error }) => void;
}

/**
 * Callers waiting until a projection has applied a position (read-your-writes). A wait
 * ends when the position is reached (true), after its timeout (false), or with an error
 * when the position can no longer be reached (the projection stopped at or before it).
 */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();

  wait(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle({ reached: false }), timeoutMs);
      const settle = (outcome: { reached: boolean } | { error: Error }): void => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        if ('error' in outcome) reject(outcome.error);
        else resolve(outcome.reached);
      };
      const waiter: Waiter = { position, settle };
      this.waiters.add(waiter);
    });
  }

  /** Everything up to `position` is applied. */
  reached(position: GlobalPosition): void {
    for (const waiter of this.waiters) if (waiter.position <= position) waiter.settle({ reached: true });
  }

  /** Nothing from `position` on will be applied (until a repair): those waits fail. */
  failFrom(position: GlobalPosition, error: Error): void {
    for (const waiter of this.waiters) if (waiter.position >= position) waiter.settle({ error });
  }
}
