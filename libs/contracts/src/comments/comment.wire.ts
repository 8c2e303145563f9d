/**
 * The contract's Comment object, as the gateway returns it. Field order follows the
 * contract's table. `tags` is present only while comment tagging is enabled (Bugzilla
 * leaves the key out when comment_taggers_group is empty).
 */
export interface CommentObject {
  readonly id: number;
  readonly bug_id: number;
  readonly attachment_id: number | null;
  readonly count: number;
  /** R5: the body with the text Bugzilla adds itself (duplicate notes) */
  readonly text: string;
  /** R5: the body alone */
  readonly raw_text: string;
  readonly creator: string;
  readonly time: string;
  readonly creation_time: string;
  readonly is_private: boolean;
  readonly is_markdown: boolean;
  readonly tags?: readonly string[];
}

/** Both keys are always present, possibly empty (Bugzilla's Bug.comments). */
export interface CommentsResult {
  readonly bugs: Readonly<Record<string, { readonly comments: readonly CommentObject[] }>>;
  readonly comments: Readonly<Record<string, CommentObject>>;
}
