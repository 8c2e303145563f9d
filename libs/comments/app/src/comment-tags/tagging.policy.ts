import { type AuthContext, CommonErrors, hasPermission, isLoggedIn } from '@tracker/contracts';
import { CommentErrors } from '@tracker/comments/domain';
import { type CommentsOptions, isTaggingEnabled } from '../comments.options';

/**
 * Who may tag comments, in Bugzilla's order: logged in (410), tagging switched on (125),
 * member of the taggers group (304, 'commenttagger' in the AuthContext).
 */
export function assertMayTagComments(options: CommentsOptions, auth: AuthContext, action: 'update' | 'search'): void {
  if (!isLoggedIn(auth)) throw CommonErrors.loginRequired();
  if (!isTaggingEnabled(options)) throw CommentErrors.taggingDisabled();
  if (!hasPermission(auth, 'commenttagger')) throw CommentErrors.notTagger(options.commentTaggersGroup, action);
}
