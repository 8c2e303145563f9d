import type { CommentsOptions } from '../comments.options';
import type {
  AddCommentParams,
  AddCommentResult,
  AuthContext,
  BugAccessEntry,
  CommentAsOf,
  Permission,
  ServiceRequest,
} from '@tracker/contracts';
import { ANONYMOUS, ErrorCode } from '@tracker/contracts';
import type { BugRef } from '../collaborators/bugs.client';
import { BugsClient } from '../collaborators/bugs.client';
import type { CommentRow } from '../read-model/comment.row';

/**
 * Stand-ins for the bugs service and the read model in handler specs: bugs 1..9 exist,
 * alias 'crash' is bug 1, bug 3 is hidden from the caller, bug 2 is read-only.
 */
export class FakeBugs extends BugsClient {
  readonly added: AddCommentParams[] = [];
  readonly asked: BugRef[][] = [];

  /** `commentsThen`: each bug's comments at any instant asked for (`as_of`); a bug not listed did not exist yet. */
  constructor(private readonly commentsThen: ReadonlyMap<number, readonly CommentAsOf[]> = new Map()) {
    super({ request: () => Promise.reject(new Error('no bus in unit tests')) });
  }

  override access(refs: readonly BugRef[], _request?: ServiceRequest, asOf?: string): Promise<readonly BugAccessEntry[]> {
    // as the real client: no question when there is nothing to ask
    if (refs.length === 0) return Promise.resolve([]);
    this.asked.push([...refs]);
    return Promise.resolve(
      refs.map((ref) => {
        const found = entry(ref);
        if (asOf === undefined || found.bugId === null) return found;
        return { ...found, commentsAsOf: this.commentsThen.get(found.bugId) ?? null };
      }),
    );
  }

  override addComment(params: AddCommentParams): Promise<AddCommentResult> {
    this.added.push(params);
    return Promise.resolve({
      commentId: 100 + this.added.length,
      bugId: Number(params.bugRef),
      streamName: `bug-${params.bugRef}`,
      position: '42',
    });
  }
}

function entry(ref: BugRef): BugAccessEntry {
  const id = ref === 'crash' ? 1 : typeof ref === 'number' ? ref : null;
  if (id === null)
    return {
      ref,
      bugId: null,
      canEdit: false,
      editError: null,
      error: { code: ErrorCode.invalidBugId, message: `'${ref}' is not a valid bug number nor an alias to a bug.` },
    };
  if (id > 9)
    return {
      ref,
      bugId: null,
      canEdit: false,
      editError: null,
      error: { code: ErrorCode.bugDoesNotExist, message: `Bug #${id} does not exist.` },
    };
  if (id === 3)
    return {
      ref,
      bugId: null,
      canEdit: false,
      editError: null,
      error: { code: ErrorCode.bugAccessDenied, message: 'You are not authorized to access bug #3.' },
    };
  return id === 2
    ? {
        ref,
        bugId: id,
        canEdit: false,
        editError: { code: ErrorCode.bugEditDenied, message: 'You are not permitted to edit bugs in product Locked.' },
        error: null,
      }
    : { ref, bugId: id, canEdit: true, editError: null, error: null };
}

export function caller(permissions: readonly Permission[] = [], userId: number | null = 5): AuthContext {
  return userId === null ? ANONYMOUS : { ...ANONYMOUS, userId, login: `user${userId}@example.com`, permissions };
}

export function request<P>(params: P, auth: AuthContext = caller()): ServiceRequest<P> {
  return { auth, correlationId: 'test', params };
}

export function row(commentId: number, bugId: number, count: number, extra: Partial<CommentRow> = {}): CommentRow {
  return {
    commentId,
    bugId,
    count,
    creator: 'ann@example.com',
    time: '2026-11-22T14:43:21Z',
    body: `comment ${commentId}`,
    addedText: null,
    isPrivate: false,
    isMarkdown: false,
    attachmentId: null,
    attachmentNote: null,
    attachmentSummary: null,
    creationTags: [],
    tags: [],
    ...extra,
  };
}

/** The service's settings with their defaults, as readCommentsOptions gives them for an empty environment. */
export function commentsOptions(overrides: Partial<CommentsOptions> = {}): CommentsOptions {
  return {
    commentTaggersGroup: 'editbugs',
    maxAttachmentKb: 1000,
    useMarkdown: true,
    attachmentSweepIntervalSeconds: 0,
    attachmentSweepGraceSeconds: 3600,
    attachmentStagingGraceSeconds: 3600,
    ...overrides,
  };
}
