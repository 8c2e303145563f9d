import { Inject } from '@nestjs/common';
import {
  type BugAccessEntry,
  type CommentObject,
  type CommentsResult,
  DomainError,
  GET_COMMENTS_SUBJECT,
  type GetCommentsParams,
  hasPermission,
  type ServiceRequest,
} from '@tracker/contracts';
import { FieldFilter } from '@tracker/field-filter';
import { MessageHandler } from '@tracker/platform/messaging';
import { CommentErrors } from '@tracker/comments/domain';
import { BugsClient, toBugRef } from '../collaborators/bugs.client';
import { COMMENTS_OPTIONS, type CommentsOptions, isTaggingEnabled } from '../comments.options';
import { CommentQueries } from '../read-model/comment.queries';
import type { CommentRow } from '../read-model/comment.row';
import { toCommentObject } from './comment.view';
import { CommentTagsAsOfReader } from './comment-tags-as-of.reader';
import { CommentsAsOf, requireExistedThen } from './comments-as-of';

/**
 * GET /rest/bug/{id}/comment and GET /rest/bug/comment/{comment_id}, as Bugzilla's
 * Bug.comments: the bugs first (the first one refused answers its 100/101/102), then the
 * comment ids (111 for one that is not a number or no comment), the bugs of those comments
 * (their visibility), then privacy (110). Private comments of a bug are left out for
 * callers outside the insider group. One question to the bugs service covers all of it,
 * with `as_of` also the comments as they were then (CommentsAsOf, docs/as-of.md).
 */
@MessageHandler(GET_COMMENTS_SUBJECT)
export class GetCommentsHandler {
  constructor(
    private readonly bugs: BugsClient,
    private readonly queries: CommentQueries,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
    private readonly tagsAsOf: CommentTagsAsOfReader,
  ) {}

  async handle(request: ServiceRequest<GetCommentsParams>): Promise<CommentsResult> {
    const { params } = request;
    const bugRefs = [...optional(params.id), ...(params.ids ?? [])].map(toBugRef);
    const commentIds = [...optional(params.comment_id), ...(params.comment_ids ?? [])].map((id) => id.trim());
    if (bugRefs.length === 0 && commentIds.length === 0) throw CommentErrors.paramsRequired('Bug.comments', ['ids', 'comment_ids']);

    const found = await this.queries.byIds(commentIds.map(Number).filter(isCommentId));
    const foundBugIds = [...new Set(found.map((row) => row.bugId))];
    const access = await this.bugs.access([...bugRefs, ...foundBugIds], request, params.as_of);
    const visibleBugIds = visibleOrThrow(access.slice(0, bugRefs.length));
    if (params.as_of !== undefined) requireExistedThen(access.slice(0, bugRefs.length));
    const missing = commentIds.find((id) => !found.some((row) => String(row.commentId) === id));
    if (missing !== undefined) throw CommentErrors.commentIdInvalid(missing);
    visibleOrThrow(access.slice(bugRefs.length));
    const insider = hasPermission(request.auth, 'insider');
    const uniqueBugIds = [...new Set(visibleBugIds)];
    if (params.as_of !== undefined) return this.asOf(request, CommentsAsOf.of(access), found, uniqueBugIds, params.as_of);
    const secret = found.find((row) => row.isPrivate && !insider);
    if (secret) throw CommentErrors.commentIsPrivate(secret.commentId);

    const rows = await this.queries.ofBugs(uniqueBugIds, params.new_since ?? null, insider);
    return { bugs: this.byBug(uniqueBugIds, rows), comments: this.byId(found) };
  }

  /** The comments as they were at the instant (docs/as-of.md); their tags folded only when wanted. */
  private async asOf(
    request: ServiceRequest<GetCommentsParams>,
    then: CommentsAsOf,
    found: readonly CommentRow[],
    bugIds: readonly number[],
    instant: string,
  ): Promise<CommentsResult> {
    const insider = hasPermission(request.auth, 'insider');
    const byId = then.requireReadable(found, insider);
    const rows = then.rows(await this.queries.ofBugs(bugIds, request.params.new_since ?? null, insider), insider);
    const wantsTags = isTaggingEnabled(this.options) && new FieldFilter(request.fields).wants('tags');
    const tagged = (list: CommentRow[]) => (wantsTags ? this.tagsAsOf.withTagsAsOf(list, instant) : Promise.resolve(list));
    const [listed, asked] = await Promise.all([tagged(rows), tagged(byId)]);
    return { bugs: this.byBug(bugIds, listed), comments: this.byId(asked) };
  }

  private byBug(bugIds: readonly number[], rows: readonly CommentRow[]): Record<string, { comments: CommentObject[] }> {
    const bugs: Record<string, { comments: CommentObject[] }> = {};
    for (const bugId of bugIds) bugs[bugId] = { comments: [] };
    for (const row of rows) bugs[row.bugId]?.comments.push(toCommentObject(row, isTaggingEnabled(this.options)));
    return bugs;
  }

  private byId(rows: readonly CommentRow[]): Record<string, CommentObject> {
    return Object.fromEntries(rows.map((row) => [row.commentId, toCommentObject(row, isTaggingEnabled(this.options))]));
  }
}

function optional(value: string | undefined): string[] {
  return value === undefined ? [] : [value];
}

/** Comment ids are PostgreSQL integers: anything larger names no comment. */
const MAX_INT32 = 2_147_483_647;

function isCommentId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT32;
}

/** Bugzilla's Bug->check for each reference in order: the first refusal is the answer. */
function visibleOrThrow(entries: readonly BugAccessEntry[]): number[] {
  return entries.map((entry) => {
    if (entry.error) throw new DomainError(entry.error);
    if (entry.bugId === null) throw CommentErrors.bugDoesNotExist(entry.ref);
    return entry.bugId;
  });
}
