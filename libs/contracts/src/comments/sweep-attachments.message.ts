import { z } from 'zod';

/**
 * `comments.attachments.sweep` (admins; operators and tests): deletes staging objects older
 * than the staging grace and content objects older than the grace that no attachment names
 * (docs/attachments.md §6.4). Graces default to the service's settings.
 */
export const SWEEP_ATTACHMENTS_SUBJECT = 'comments.attachments.sweep';

export const sweepAttachmentsParams = z.object({
  graceSeconds: z.number().int().nonnegative().optional(),
  stagingGraceSeconds: z.number().int().nonnegative().optional(),
});

export type SweepAttachmentsParams = z.infer<typeof sweepAttachmentsParams>;

export interface SweepAttachmentsResult {
  readonly deleted: { readonly content: number; readonly staging: number };
}
