import type { EnvReader } from '@tracker/platform/config';

/** What the flags service reads from the environment (listed in the README and docs/flags.md §10). */
export interface FlagsOptions {
  /** Bugzilla's max_search_results, also the flag activity cap (BMO) */
  readonly maxSearchResults: number;
  /** how often types whose narrowing was not applied to every flag yet are reconciled again */
  readonly reconcileIntervalSeconds: number;
  /** identity's insider group, named in one requestee message */
  readonly insiderGroup: string;
}

export const FLAGS_OPTIONS = Symbol('FLAGS_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readFlagsOptions(env: EnvReader): FlagsOptions {
  return {
    maxSearchResults: env.int('TRACKER_MAX_SEARCH_RESULTS', 10_000, { min: 1, max: 1_000_000 }),
    reconcileIntervalSeconds: env.int('TRACKER_FLAG_RECONCILE_INTERVAL_SECONDS', 60, { min: 1, max: 86_400 }),
    insiderGroup: env.stringAllowingEmpty('TRACKER_INSIDER_GROUP', 'insiders').trim(),
  };
}
