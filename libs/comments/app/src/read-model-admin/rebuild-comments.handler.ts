import { REBUILD_COMMENTS_SUBJECT } from '@tracker/contracts';
import { readModelRebuildHandler } from '@tracker/platform/read-model';

/** `comments.admin.rebuild` (docs/comments.md): the comments read model replayed from the log. */
export const RebuildCommentsHandler = readModelRebuildHandler(REBUILD_COMMENTS_SUBJECT, 'rebuild the comments read model');
