import type { EnvReader } from '@tracker/platform/config';

/** What the comments service reads from the environment (listed in the README). */
export interface CommentsOptions {
  readonly placeholder?: never;
}

export const COMMENTS_OPTIONS = Symbol('COMMENTS_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readCommentsOptions(_env: EnvReader): CommentsOptions {
  return {};
}
