import {
  type AttachmentObject,
  type AttachmentsResult,
  FLAGS_OF_SUBJECT,
  type FlagsOfParams,
  type FlagsOfResult,
} from '@tracker/contracts';
import { FieldFilter } from '@tracker/field-filter';
import type { Composer } from '../routing/route';
import { asOfOf } from './as-of-param';

type Envelope = Pick<AttachmentsResult, 'bugs' | 'attachments'>;

const carriesAttachments = (result: unknown): result is Envelope =>
  typeof result === 'object' &&
  result !== null &&
  typeof (result as { bugs?: unknown }).bugs === 'object' &&
  typeof (result as { attachments?: unknown }).attachments === 'object';

/**
 * `flags` of attachment objects (GET /rest/bug/{id}/attachment, GET /rest/bug/attachment/{id}):
 * the flags service owns them, so the gateway asks `flags.of` once per response with the
 * attachment ids the comments service has just returned to this caller (privacy applied
 * there; docs/bug-stream-writes.md §4). Skipped when the client does not want `flags` or the
 * response has no attachments; an attachment without flags gets `[]`. A read `as_of` an
 * instant asks for the flags as they were then, naming the bugs whose streams hold them.
 */
export const attachmentFlagsComposer: Composer = async (result, context, bus) => {
  if (!carriesAttachments(result) || !new FieldFilter(context.fields).wants('flags')) return result;
  const all = [...Object.values(result.bugs).flat(), ...Object.values(result.attachments)];
  const attachmentIds = [...new Set(all.map((attachment) => attachment.id))];
  if (attachmentIds.length === 0) return result;
  const asOf = asOfOf(context.params);
  const flags = await bus.request<FlagsOfResult, FlagsOfParams>(FLAGS_OF_SUBJECT, {
    auth: context.auth,
    correlationId: context.correlationId,
    params: asOf.asOf === undefined ? { attachmentIds } : { attachmentIds, bugIds: [...new Set(all.map((a) => a.bug_id))], ...asOf },
  });
  const withFlags = (attachment: AttachmentObject): AttachmentObject => ({ ...attachment, flags: flags.attachments[attachment.id] ?? [] });
  return {
    ...result,
    bugs: Object.fromEntries(Object.entries(result.bugs).map(([id, list]) => [id, list.map(withFlags)])),
    attachments: Object.fromEntries(Object.entries(result.attachments).map(([id, attachment]) => [id, withFlags(attachment)])),
  };
};
