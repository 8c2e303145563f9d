import { MAX_COMMENT_LENGTH, MAX_WORK_TIME } from '@tracker/contracts';

/**
 * Every text and number a bug command carries is bounded, so nothing enters the log that
 * the read model cannot hold (issue 13). Bugzilla's columns: short_desc varchar(255),
 * bugs_aliases.alias varchar(40), free-text custom fields varchar(255), tag.name varchar(64),
 * hours decimal(7,2) (so ±99999.99), integer custom fields int. Bugzilla keeps the URL, the
 * whiteboard and text-area custom fields in MEDIUMTEXT (16 MB) that no form fills; Tracker
 * bounds them at 65,535 characters, the size of a comment. The read model indexes none of
 * the long texts with a btree (the trigram indexes are GIN, whose entries are trigrams).
 * Lengths count UTF-16 code units (JavaScript's `length`).
 */
export const BUG_LIMITS = {
  summaryLength: 255,
  aliasLength: 40,
  commentLength: MAX_COMMENT_LENGTH,
  freeTextLength: 255,
  textAreaLength: 65_535,
  urlLength: 65_535,
  whiteboardLength: 65_535,
  personalTagLength: 64,
  /** hours (estimated, remaining, worked): decimal(7,2) */
  hours: { min: -MAX_WORK_TIME, max: MAX_WORK_TIME },
  /** integer custom fields: PostgreSQL's integer */
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
} as const;
