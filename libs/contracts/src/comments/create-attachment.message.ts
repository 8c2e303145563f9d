import { z } from 'zod';
import { flagInputs } from '../flags/flag-input';
import { param } from '../params';
import type { WithOptionalKeys } from './optional-keys';

/**
 * `POST /rest/bug/{id}/attachment` (docs/attachments.md §1.1): one attachment and one
 * "Created attachment N" comment on the bug of the path and on every distinct bug of `ids`.
 * The bytes never travel on the bus: on this route the gateway streams `data` into a
 * staging object of the blob store and sends the **claim** (`data_claim`) in its place
 * (§6.2). The gateway always removes a client's own `data` and `data_claim` from the
 * parameters; no `data` at all means no claim (50). Result: 201 `{ids}`, one per bug.
 */
export const CREATE_ATTACHMENT_SUBJECT = 'comments.attachments.create';

/** The parameter the gateway puts the upload claim under; no REST parameter maps to it. */
export const ATTACHMENT_CLAIM_PARAM = 'data_claim';

/**
 * What the gateway read from `data`: the decoded bytes' size and SHA-256 (lower-case hex),
 * stored under `stagingKey`: a staging object, or `attachments/sha256/<sha256>` itself when
 * the gateway wrote new bytes straight to their content key (docs/attachments.md §6.2).
 * `stagingKey` is null when nothing was kept: the data was empty (size 0: 606) or larger than
 * `TRACKER_MAX_ATTACHMENT_KB` (tooLarge: 600, `size` the decoded count). Comments promotes a
 * staging object to `attachments/sha256/<sha256>` and deletes it.
 */
export const attachmentClaim = z.object({
  stagingKey: z.string().nullable(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  tooLarge: z.boolean(),
});
export type AttachmentClaim = z.infer<typeof attachmentClaim>;

/** `comment` is a string or R6's `{body, is_markdown}` (`comment` accepted for `body`). */
export const attachmentCommentParam = z.preprocess(
  (value: unknown): unknown => {
    if (typeof value === 'string' || typeof value === 'number') return { body: String(value) };
    if (value && typeof value === 'object' && !Array.isArray(value) && !('body' in value) && 'comment' in value) {
      const { comment, ...rest } = value as Record<string, unknown>;
      return { ...rest, body: comment };
    }
    return value;
  },
  z.object({ body: param.optional(param.string()), is_markdown: param.optional(param.bool()) }),
);

export const createAttachmentParams = z.object({
  id: param.string(),
  ids: param.optional(param.list(param.string())),
  [ATTACHMENT_CLAIM_PARAM]: attachmentClaim.optional(),
  file_name: param.optional(param.string()),
  summary: param.optional(param.string()),
  content_type: param.optional(param.string()),
  is_patch: param.optional(param.bool()),
  is_private: param.optional(param.bool()),
  comment: param.optional(attachmentCommentParam),
  is_markdown: param.optional(param.bool()),
  /** attachment ids as given: anything but an integer is Bugzilla's 32000 invalid_attach_id, not 52 */
  obsoletes: param.optional(param.list(param.string())),
  flags: param.optional(flagInputs),
  bug_flags: param.optional(flagInputs),
});

export type CreateAttachmentParams = WithOptionalKeys<z.infer<typeof createAttachmentParams>>;

export interface CreateAttachmentResult {
  /** one attachment id per distinct bug, in the order the bugs were named */
  readonly ids: readonly number[];
}
