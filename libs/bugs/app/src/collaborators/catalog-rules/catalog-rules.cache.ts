import type { BugRulesResult } from '@tracker/contracts';
import type { GlobalPosition } from '@tracker/platform/event-store';
import type { RulesChangeWatch } from './rules-change-watch';

interface Kept {
  readonly rules: BugRulesResult;
  /** the catalog's answer reflected every event up to here */
  readonly asOf: GlobalPosition;
}

/**
 * Answers of `catalog.bug-rules.resolve` kept by question (caller key and products), each
 * used only while no event that may change it came after the position it reflects (the
 * catalog's `asOf`). Whether one did is looked up in the log on each use, by a look that
 * began after the request arrived: a change the catalog answered before this request is
 * always seen, in every run mode and through any replica, without the catalog having to
 * know who keeps copies. At most `capacity` answers, the least recently used dropped first.
 */
export class CatalogRulesCache {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly watch: RulesChangeWatch,
    private readonly capacity: number,
  ) {}

  /**
   * The answer kept for `key`, without a look: it may be out of date. `rules(key)` called
   * right after answers with this very object when it is not.
   */
  keptAnswer(key: string): BugRulesResult | undefined {
    return this.kept.get(key)?.rules;
  }

  async rules(key: string, ask: () => Promise<BugRulesResult>): Promise<BugRulesResult> {
    const kept = this.kept.get(key);
    // a first question is asked at once; the look beside it lets the next use of the answer rely on it
    if (!kept) return this.keep(key, (await Promise.all([ask(), this.watch.latestChange()]))[0]);
    const latestChange = await this.watch.latestChange();
    if (kept.asOf < latestChange) return this.keep(key, await ask());
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.rules;
  }

  private keep(key: string, rules: BugRulesResult): BugRulesResult {
    this.kept.delete(key);
    if (rules.asOf === undefined || this.capacity === 0) return rules;
    // shared by every request that uses it: frozen, so that code changing it fails loudly
    this.kept.set(key, { rules: deepFreeze(rules), asOf: BigInt(rules.asOf) });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.capacity) break;
      this.kept.delete(oldest);
    }
    return rules;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
