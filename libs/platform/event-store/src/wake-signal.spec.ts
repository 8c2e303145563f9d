import { WakeSignal } from './wake-signal';

describe('WakeSignal', () => {
  it('wakes every waiter, the newest first', async () => {
    const signal = new WakeSignal();
    const woken: string[] = [];
    const waits = ['first', 'second', 'third'].map((name) => signal.wait(signal.generation, 60_000).then(() => woken.push(name)));
    signal.notify();
    await Promise.all(waits);
    expect(woken).toEqual(['third', 'second', 'first']);
  });

  it('returns at once when a notification came since the generation the waiter saw', async () => {
    const signal = new WakeSignal();
    const seen = signal.generation;
    signal.notify();
    let woken = false;
    await signal.wait(seen, 60_000).then(() => (woken = true));
    expect(woken).toBe(true);
    expect(signal.generation).toBe(seen + 1);
  });

  it('wakes a waiter nobody notifies when its timeout passes', async () => {
    jest.useFakeTimers();
    try {
      const signal = new WakeSignal();
      let woken = false;
      const waiting = signal.wait(signal.generation, 500).then(() => (woken = true));
      jest.advanceTimersByTime(499);
      await Promise.resolve();
      expect(woken).toBe(false);
      jest.advanceTimersByTime(1);
      await waiting;
      expect(woken).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
