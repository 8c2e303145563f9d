import { Inject, Injectable } from '@nestjs/common';
import {
  ADD_ATTACHMENT_SUBJECT,
  type AddAttachmentParams,
  type AddAttachmentResult,
  BUG_UPDATE_ATTACHMENTS_SUBJECT,
  type BugUpdateAttachmentsParams,
  type BugUpdateAttachmentsResult,
  ADD_COMMENT_SUBJECT,
  type AddCommentParams,
  type AddCommentResult,
  BUG_ACCESS_SUBJECT,
  type BugAccessEntry,
  type BugAccessParams,
  type BugAccessResult,
  DomainError,
  type ServiceRequest,
} from '@tracker/contracts';
import { CommentErrors } from '@tracker/comments/domain';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/** Bug ids per `bugs.access` question when asking about many, so that neither question nor answer grows without bound. */
const ACCESS_BATCH = 500;

/** A bug reference as Bugzilla reads one: digits are an id, anything else an alias. */
export type BugRef = number | string;

export function toBugRef(value: string | number): BugRef {
  const text = String(value).trim();
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

/** A visible bug, as the bugs service answered for one reference. */
export interface AccessibleBug {
  readonly ref: BugRef;
  readonly bugId: number;
  readonly canEdit: boolean;
  /** Bugzilla's 109 in the bugs service's words when the caller may not edit the bug */
  readonly editError: DomainError | null;
}

/**
 * The bugs service, asked at the moment of each request (docs/bugs-and-comments.md):
 * whether the caller may see and edit bugs, and, for a new comment, to append it.
 * Calls carry the caller's AuthContext, so the bugs service decides as for them.
 */
@Injectable()
export class BugsClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** Every entry, errors included, in the order asked; with `asOf`, visible bugs' comments as they were then. */
  async access(refs: readonly BugRef[], request: ServiceRequest, asOf?: string): Promise<readonly BugAccessEntry[]> {
    if (refs.length === 0) return [];
    const result = await this.bus.request<BugAccessResult, BugAccessParams>(BUG_ACCESS_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params: asOf === undefined ? { refs } : { refs, asOf },
    });
    return result.bugs;
  }

  /** The visible bugs for these references, in order; the first refused one throws its error (Bugzilla's Bug->check). */
  async visibleBugs(refs: readonly BugRef[], request: ServiceRequest): Promise<AccessibleBug[]> {
    const entries = await this.access(refs, request);
    return entries.map((entry) => {
      if (entry.error || entry.bugId === null) throw entry.error ? new DomainError(entry.error) : CommentErrors.bugDoesNotExist(entry.ref);
      const editError = entry.canEdit ? null : entry.editError ? new DomainError(entry.editError) : CommentErrors.editDenied(entry.bugId);
      return { ref: entry.ref, bugId: entry.bugId, canEdit: entry.canEdit, editError };
    });
  }

  /** Which of these bug ids the caller may see; the others are left out silently. */
  async visibleIds(bugIds: readonly number[], request: ServiceRequest): Promise<ReadonlySet<number>> {
    const visible = new Set<number>();
    for (let start = 0; start < bugIds.length; start += ACCESS_BATCH) {
      const entries = await this.access(bugIds.slice(start, start + ACCESS_BATCH), request);
      for (const entry of entries) if (entry.error === null && entry.bugId !== null) visible.add(entry.bugId);
    }
    return visible;
  }

  async addComment(params: AddCommentParams, request: ServiceRequest): Promise<AddCommentResult> {
    return this.bus.request<AddCommentResult, AddCommentParams>(ADD_COMMENT_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params,
    });
  }

  async addAttachment(params: AddAttachmentParams, request: ServiceRequest): Promise<AddAttachmentResult> {
    return this.bus.request<AddAttachmentResult, AddAttachmentParams>(ADD_ATTACHMENT_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params,
    });
  }

  async updateAttachments(params: BugUpdateAttachmentsParams, request: ServiceRequest): Promise<BugUpdateAttachmentsResult> {
    return this.bus.request<BugUpdateAttachmentsResult, BugUpdateAttachmentsParams>(BUG_UPDATE_ATTACHMENTS_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params,
    });
  }
}
