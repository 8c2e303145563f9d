import { MAX_COMMENT_LENGTH, MAX_COMMENT_TAG_LENGTH, MAX_WORK_TIME, MIN_COMMENT_TAG_LENGTH } from '@tracker/contracts';

/**
 * Every text and number a comments command carries is bounded, so nothing enters the log
 * that the read model cannot hold (issue 13). Bugzilla's limits: a comment at most 65,535
 * characters (MAX_COMMENT_LENGTH), a comment tag 3 to 24 (longdescs_tags.tag varchar(24),
 * the key of `comment_tag_weights`), hours worked decimal(7,2). The bugs service appends the
 * comment itself and checks the same limits again in its decider (bugs-limits.ts).
 */
export const COMMENT_LIMITS = {
  commentLength: MAX_COMMENT_LENGTH,
  tagLength: { min: MIN_COMMENT_TAG_LENGTH, max: MAX_COMMENT_TAG_LENGTH },
  workTime: { min: -MAX_WORK_TIME, max: MAX_WORK_TIME },
} as const;
