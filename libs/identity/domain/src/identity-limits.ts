/**
 * Every text and number an identity command carries is bounded, so nothing enters the log
 * that the read model cannot hold (issue 13). Bugzilla's columns: groups.name varchar(255)
 * (indexed: `groups_name_key` on lower(name), 255 characters stay far below a btree row's
 * ~2,700 bytes), groups.userregexp and icon_url TINYTEXT (255), profiles.realname
 * varchar(255), user_api_keys.description varchar(255), logins 127 (login-name.rules.ts).
 * Bugzilla keeps group descriptions and disabled texts in MEDIUMTEXT (16 MB) that no form
 * fills; Tracker bounds them at 65,535 characters, the size of a comment. Lengths count
 * UTF-16 code units (JavaScript's `length`), so a limit of n never stores more than 3n bytes.
 */
export const IDENTITY_LIMITS = {
  groupNameLength: 255,
  groupDescriptionLength: 65_535,
  userRegexpLength: 255,
  iconUrlLength: 255,
  loginLength: 127,
  realNameLength: 255,
  disabledTextLength: 65_535,
  apiKeyDescriptionLength: 255,
  /** a client address as recorded with a login token (an IPv6 address with a zone fits) */
  addressLength: 64,
  /** database ids: PostgreSQL's integer */
  id: { min: 1, max: 2_147_483_647 },
} as const;
