import type { EnvReader } from '@tracker/platform/config';

/** What the comments service reads from the environment (listed in the README and docs/comments.md). */
export interface CommentsOptions {
  /**
   * Bugzilla's comment_taggers_group, the same variable identity reads to grant the
   * 'commenttagger' permission: comments needs the name for error 304's message, and ''
   * (set empty) switches comment tagging off (error 125, no `tags` on comments).
   */
  readonly commentTaggersGroup: string;
  /** Bugzilla's maxattachmentsize (TRACKER_MAX_ATTACHMENT_KB): larger attachments are 600 */
  readonly maxAttachmentKb: number;
  /** master's use_markdown (TRACKER_USE_MARKDOWN): false refuses `is_markdown` with 140 */
  readonly useMarkdown: boolean;
  /** the attachment sweeper (docs/attachments.md §6.4): 0 = no periodic sweep */
  readonly attachmentSweepIntervalSeconds: number;
  readonly attachmentSweepGraceSeconds: number;
  readonly attachmentStagingGraceSeconds: number;
}

export const COMMENTS_OPTIONS = Symbol('COMMENTS_OPTIONS');

/** Identity's default, so that both services agree when the variable is absent. */
export const DEFAULT_COMMENT_TAGGERS_GROUP = 'editbugs';

/** Bugzilla's default maxattachmentsize: 1,024,000 bytes. */
export const DEFAULT_MAX_ATTACHMENT_KB = 1000;

/** Called by each app's config.ts, the only code that touches process.env. */
export function readCommentsOptions(env: EnvReader): CommentsOptions {
  return {
    commentTaggersGroup: env.stringAllowingEmpty('TRACKER_COMMENT_TAGGERS_GROUP', DEFAULT_COMMENT_TAGGERS_GROUP).trim(),
    maxAttachmentKb: env.int('TRACKER_MAX_ATTACHMENT_KB', DEFAULT_MAX_ATTACHMENT_KB, { min: 1, max: 4_194_304 }),
    useMarkdown: env.boolean('TRACKER_USE_MARKDOWN', true),
    attachmentSweepIntervalSeconds: env.int('TRACKER_ATTACHMENT_SWEEP_INTERVAL_SECONDS', 3600, { min: 0 }),
    attachmentSweepGraceSeconds: env.int('TRACKER_ATTACHMENT_SWEEP_GRACE_SECONDS', 3600, { min: 0 }),
    attachmentStagingGraceSeconds: env.int('TRACKER_ATTACHMENT_STAGING_GRACE_SECONDS', 3600, { min: 0 }),
  };
}

export function isTaggingEnabled(options: CommentsOptions): boolean {
  return options.commentTaggersGroup !== '';
}
