import { DEFAULT_EMAIL_REGEXP, PASSWORD_COMPLEXITIES, type PasswordComplexity } from '@tracker/identity/domain';
import type { EnvReader } from '@tracker/platform/config';

/** What the identity service reads from the environment (listed in the README and docs/identity.md). */
export interface IdentityOptions {
  readonly admin: AdminBootstrapOptions;
  /** groups playing Bugzilla's insidergroup / timetrackinggroup / comment_taggers_group; '' = nobody */
  readonly insiderGroup: string;
  readonly timetrackingGroup: string;
  readonly commentTaggersGroup: string;
  readonly passwordMinLength: number;
  readonly passwordComplexity: PasswordComplexity;
  /** Bugzilla's maxusermatches: the most users one `match` string returns */
  readonly maxUserMatches: number;
  /** Bugzilla's emailregexp: what a login must look like */
  readonly emailRegexp: string;
  /** failed logins from one address, over all accounts, that lock the address for 30 minutes (only an address the gateway knows to be the client's) */
  readonly maxLoginFailuresPerAddress: number;
}

/** The administrator created on first start. Without password and key, both are generated and printed once. */
export interface AdminBootstrapOptions {
  readonly login: string;
  readonly realName: string;
  readonly password: string | undefined;
  readonly apiKey: string | undefined;
  /** nothing was configured: generate a password and an API key and print them when the account is created */
  readonly generateSecrets: boolean;
}

export const IDENTITY_OPTIONS = Symbol('IDENTITY_OPTIONS');

export const DEFAULT_ADMIN_LOGIN = 'admin@tracker.local';
const API_KEY_PATTERN = /^[A-Za-z0-9]{40}$/;

/** Called by each app's config.ts, the only code that touches process.env. */
export function readIdentityOptions(env: EnvReader): IdentityOptions {
  const login = env.string('TRACKER_ADMIN_LOGIN', DEFAULT_ADMIN_LOGIN);
  const password = env.optionalString('TRACKER_ADMIN_PASSWORD');
  const apiKey = env.optionalString('TRACKER_ADMIN_API_KEY');
  const emailRegexp = env.string('TRACKER_EMAIL_REGEXP', DEFAULT_EMAIL_REGEXP);
  if (!compiles(emailRegexp)) env.invalid('TRACKER_EMAIL_REGEXP', emailRegexp, 'is not a JavaScript regular expression');
  else if (!new RegExp(emailRegexp).test(login)) env.invalid('TRACKER_ADMIN_LOGIN', login, 'does not match TRACKER_EMAIL_REGEXP');
  // the key itself is never shown, not even in a configuration error
  if (apiKey !== undefined && !API_KEY_PATTERN.test(apiKey))
    env.invalid('TRACKER_ADMIN_API_KEY', '(hidden)', 'is not 40 letters and digits');
  return {
    admin: {
      login,
      realName: env.string('TRACKER_ADMIN_REAL_NAME', 'Administrator'),
      password,
      apiKey,
      generateSecrets: !password && !apiKey,
    },
    insiderGroup: env.stringAllowingEmpty('TRACKER_INSIDER_GROUP', 'insiders').trim(),
    timetrackingGroup: env.stringAllowingEmpty('TRACKER_TIMETRACKING_GROUP', 'timetrackers').trim(),
    commentTaggersGroup: env.stringAllowingEmpty('TRACKER_COMMENT_TAGGERS_GROUP', 'editbugs').trim(),
    passwordMinLength: env.int('TRACKER_PASSWORD_MIN_LENGTH', 6, { min: 1, max: 4096 }),
    passwordComplexity: env.oneOf('TRACKER_PASSWORD_COMPLEXITY', PASSWORD_COMPLEXITIES, 'no_constraints'),
    maxUserMatches: env.int('TRACKER_MAX_USER_MATCHES', 1000, { min: 1, max: 1_000_000 }),
    emailRegexp,
    maxLoginFailuresPerAddress: env.int('TRACKER_MAX_LOGIN_FAILURES_PER_ADDRESS', 30, { min: 5, max: 1_000_000 }),
  };
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
