import { z } from 'zod';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `POST /rest/bug/comment/render` (R5): text to safe HTML with bug, comment and
 * attachment references linked, in the context of bug `id` (which must be visible).
 * `is_markdown` (or master's `markdown`) renders Markdown, without raw HTML.
 */
export const RENDER_COMMENT_SUBJECT = 'comments.render';

export const renderCommentParams = z.object({
  text: param.optional(param.string()),
  id: param.optional(param.string()),
  is_markdown: param.optional(param.bool()),
  markdown: param.optional(param.bool()),
});

export type RenderCommentParams = WithOptionalKeys<z.infer<typeof renderCommentParams>>;

export interface RenderCommentResult {
  readonly html: string;
}
