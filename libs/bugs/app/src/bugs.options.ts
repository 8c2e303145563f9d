import type { EnvReader } from '@tracker/platform/config';

/** What the bugs service reads from the environment (listed in the README and docs/bugs.md). */
export interface BugsOptions {
  /** Bugzilla's max_search_results: the most bugs one search returns, `limit=0` included */
  readonly maxSearchResults: number;
  /** key of the update_token HMAC; tokens are informational (no call checks them), as in Bugzilla's API */
  readonly updateTokenSecret: string;
}

export const BUGS_OPTIONS = Symbol('BUGS_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readBugsOptions(env: EnvReader): BugsOptions {
  return {
    maxSearchResults: env.int('TRACKER_MAX_SEARCH_RESULTS', 10_000, { min: 1, max: 1_000_000 }),
    updateTokenSecret: env.string('TRACKER_BUGS_UPDATE_TOKEN_SECRET', 'tracker-update-token'),
  };
}
