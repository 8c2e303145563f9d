import type { EnvReader } from '@tracker/platform/config';

/** What the identity service reads from the environment (listed in the README). */
export interface IdentityOptions {
  readonly placeholder?: never;
}

export const IDENTITY_OPTIONS = Symbol('IDENTITY_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readIdentityOptions(_env: EnvReader): IdentityOptions {
  return {};
}
