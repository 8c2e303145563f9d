import type { EnvReader } from '@tracker/platform/config';

/** What the comments service reads from the environment (listed in the README and docs/comments.md). */
export interface CommentsOptions {
  /**
   * Bugzilla's comment_taggers_group, the same variable identity reads to grant the
   * 'commenttagger' permission: comments needs the name for error 304's message, and ''
   * (set empty) switches comment tagging off (error 125, no `tags` on comments).
   */
  readonly commentTaggersGroup: string;
}

export const COMMENTS_OPTIONS = Symbol('COMMENTS_OPTIONS');

/** Identity's default, so that both services agree when the variable is absent. */
export const DEFAULT_COMMENT_TAGGERS_GROUP = 'editbugs';

/** Called by each app's config.ts, the only code that touches process.env. */
export function readCommentsOptions(env: EnvReader): CommentsOptions {
  return { commentTaggersGroup: env.stringAllowingEmpty('TRACKER_COMMENT_TAGGERS_GROUP', DEFAULT_COMMENT_TAGGERS_GROUP).trim() };
}

export function isTaggingEnabled(options: CommentsOptions): boolean {
  return options.commentTaggersGroup !== '';
}
