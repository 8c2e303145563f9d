import type { EnvReader } from '@tracker/platform/config';

/** What the bugs service reads from the environment (listed in the README). */
export interface BugsOptions {
  readonly placeholder?: never;
}

export const BUGS_OPTIONS = Symbol('BUGS_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readBugsOptions(_env: EnvReader): BugsOptions {
  return {};
}
