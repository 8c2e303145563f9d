import { InFlightWork } from './in-flight-work';

describe('InFlightWork', () => {
  it('is idle at once when nothing runs', async () => {
    await expect(new InFlightWork().idle(10_000)).resolves.toBe(true);
  });

  it('becomes idle when the last tracked work settles, failed or not', async () => {
    const work = new InFlightWork();
    let finishFirst = (): void => undefined;
    let failSecond = (_: Error): void => undefined;
    const first = work.track(() => new Promise<string>((resolve) => (finishFirst = () => resolve('answered'))));
    const second = work.track(() => new Promise<string>((_, reject) => (failSecond = reject)));
    expect(work.size).toBe(2);
    let idle: boolean | undefined;
    const waiting = work.idle(60_000).then((value) => (idle = value));
    finishFirst();
    await expect(first).resolves.toBe('answered');
    expect(idle).toBeUndefined();
    expect(work.size).toBe(1);
    failSecond(new Error('refused'));
    await expect(second).rejects.toThrow('refused');
    await waiting;
    expect(idle).toBe(true);
    expect(work.size).toBe(0);
  });

  it('gives up waiting after the timeout and says so', async () => {
    const work = new InFlightWork();
    void work.track(() => new Promise<void>(() => undefined));
    await expect(work.idle(5)).resolves.toBe(false);
    expect(work.size).toBe(1);
  });
});
