import type { BugRulesResult } from '@tracker/contracts';
import { CatalogRulesCache } from './catalog-rules.cache';
import { LogFixture } from './log.fixture';
import { RulesChangeWatch } from './rules-change-watch';

/** An answer of the catalog as of `asOf`, told apart by `tag`. */
function answer(tag: string, asOf: bigint | undefined): BugRulesResult {
  return { ...(asOf === undefined ? {} : { asOf: asOf.toString() }), unknownProducts: [tag] } as unknown as BugRulesResult;
}

describe('CatalogRulesCache', () => {
  function setUp(capacity = 10): { log: LogFixture; cache: CatalogRulesCache; asked: string[]; ask: (key: string) => Promise<string> } {
    const log = new LogFixture();
    const cache = new CatalogRulesCache(new RulesChangeWatch(log, ['product-']), capacity);
    const asked: string[] = [];
    const ask = async (key: string): Promise<string> => {
      const rules = await cache.rules(key, () => {
        asked.push(key);
        return Promise.resolve(answer(`${key}@${log.events.length}`, BigInt(log.events.length)));
      });
      return rules.unknownProducts[0] ?? '';
    };
    return { log, cache, asked, ask };
  }

  it('keeps an answer while nothing that may change it was appended', async () => {
    const { log, asked, ask } = setUp();
    log.append('bug-1');
    expect(await ask('a')).toBe('a@1');
    log.append('bug-2');
    expect(await ask('a')).toBe('a@1');
    expect(await ask('a')).toBe('a@1');
    expect(asked).toEqual(['a']);
  });

  it('asks again after a change later than the answer, and keeps the new answer', async () => {
    const { log, asked, ask } = setUp();
    log.append('bug-1');
    await ask('a');
    await ask('a');
    log.append('product-1');
    expect(await ask('a')).toBe('a@2');
    log.append('bug-2');
    expect(await ask('a')).toBe('a@2');
    expect(asked).toEqual(['a', 'a']);
  });

  it('keeps one answer per question', async () => {
    const { log, asked, ask } = setUp();
    log.append('bug-1');
    expect([await ask('a'), await ask('b'), await ask('a'), await ask('b')]).toEqual(['a@1', 'b@1', 'a@1', 'b@1']);
    expect(asked).toEqual(['a', 'b']);
  });

  it('does not rely on an answer the catalog had not applied the change to', async () => {
    const { log, cache } = setUp();
    log.append('bug-1');
    await cache.rules('a', () => Promise.resolve(answer('old', 1n)));
    await cache.rules('a', () => Promise.resolve(answer('unused', 1n)));
    log.append('product-1');
    // asked during the change: the catalog's read model was still at 1
    expect((await cache.rules('a', () => Promise.resolve(answer('lagging', 1n)))).unknownProducts).toEqual(['lagging']);
    expect((await cache.rules('a', () => Promise.resolve(answer('caught up', 2n)))).unknownProducts).toEqual(['caught up']);
    expect((await cache.rules('a', () => Promise.resolve(answer('unused', 2n)))).unknownProducts).toEqual(['caught up']);
  });

  it('freezes what it keeps, since every request shares it', async () => {
    const { log, cache } = setUp();
    log.append('bug-1');
    const kept = await cache.rules('a', () => Promise.resolve(answer('a', 1n)));
    expect(Object.isFrozen(kept) && Object.isFrozen(kept.unknownProducts)).toBe(true);
  });

  it('never keeps an answer that does not say how much of the log it reflects', async () => {
    const { cache } = setUp();
    const asked: string[] = [];
    for (let i = 0; i < 2; i++) await cache.rules('a', () => (asked.push('a'), Promise.resolve(answer('a', undefined))));
    expect(asked).toEqual(['a', 'a']);
  });

  it('drops the least recently used answer beyond its capacity', async () => {
    const { log, asked, ask } = setUp(2);
    log.append('bug-1');
    await ask('a');
    await ask('b');
    await ask('a');
    await ask('c');
    await ask('a');
    await ask('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });
});
