import { LogFixture } from './log.fixture';
import { RulesChangeWatch } from './rules-change-watch';

describe('RulesChangeWatch', () => {
  it('counts the head as a change at its first look, then only events of its streams', async () => {
    const log = new LogFixture();
    log.append('bug-1');
    log.append('product-1');
    log.append('bug-2');
    const watch = new RulesChangeWatch(log, ['product-', 'user-']);
    expect(await watch.latestChange()).toBe(3n);
    log.append('bug-3');
    expect(await watch.latestChange()).toBe(3n);
    log.append('user-7');
    log.append('bug-4');
    expect(await watch.latestChange()).toBe(5n);
    expect(await watch.latestChange()).toBe(5n);
  });

  it('reads only what came after the head of the look before the previous one (its read may miss a commit below its head)', async () => {
    const log = new LogFixture();
    log.append('bug-1');
    const watch = new RulesChangeWatch(log, ['product-']);
    await watch.latestChange();
    log.append('bug-2');
    await watch.latestChange();
    log.append('bug-3');
    await watch.latestChange();
    log.append('bug-4');
    await watch.latestChange();
    expect(log.reads).toEqual([1n, 1n, 2n]);
  });

  it('finds at the next look a change that commits after its read, below the head that read answered', async () => {
    const log = new LogFixture();
    const watch = new RulesChangeWatch(log, ['product-']);
    await watch.latestChange();
    // this look's read found nothing and answered head 1: product-1 (position 1) committed after it
    log.beforeHead = () => log.append('product-1');
    const first = await watch.latestChange();
    log.beforeHead = undefined;
    log.append('bug-1');
    expect([first, await watch.latestChange(), await watch.latestChange()]).toEqual([0n, 1n, 1n]);
    expect(log.reads).toEqual([0n, 0n, 1n]);
  });

  it('pages through many changes to the newest', async () => {
    const log = new LogFixture();
    const watch = new RulesChangeWatch(log, ['product-']);
    await watch.latestChange();
    for (let i = 0; i < 1200; i++) log.append(`product-${i}`);
    log.append('bug-1');
    expect(await watch.latestChange()).toBe(1200n);
  });

  it('answers a caller that arrives during a look from the next look, which sees what was appended meanwhile', async () => {
    const log = new LogFixture();
    const watch = new RulesChangeWatch(log, ['product-']);
    await watch.latestChange();
    let release = (): void => undefined;
    log.heldRead = new Promise((resolve) => (release = resolve));
    const first = watch.latestChange();
    await Promise.resolve();
    // the first look has read the log (no change) before this append; later callers must see it
    log.append('product-1');
    log.heldRead = undefined;
    const second = watch.latestChange();
    const third = watch.latestChange();
    release();
    expect(await first).toBe(0n);
    expect(await second).toBe(1n);
    expect(await third).toBe(1n);
    expect(log.reads).toEqual([0n, 0n]);
  });
});
