import { DomainError, MAX_COMMENT_LENGTH, MAX_COMMENT_TAG_LENGTH, MAX_WORK_TIME, MIN_COMMENT_TAG_LENGTH } from '@tracker/contracts';

/**
 * The comments service's refusals, with Bugzilla 5.2's codes and the plain text of its
 * error templates (global/user-error.html.tmpl, code-error.html.tmpl).
 */
export const CommentErrors = {
  /** golden 101: Bugzilla's add_comment names no function */
  commentRequired: (): DomainError =>
    new DomainError('paramRequired', 'The function requires a comment argument, and that argument was not set.'),
  paramsRequired: (fn: string, params: readonly string[]): DomainError =>
    new DomainError('paramRequired', `The function ${fn} requires that you set one of the following parameters: ${params.join(', ')}`),
  paramRequired: (fn: string, param: string): DomainError =>
    new DomainError('paramRequired', `The function ${fn} requires a ${param} argument, and that argument was not set.`),
  integerRequired: (fn: string, param: string): DomainError =>
    new DomainError('paramMustBeInteger', `The function ${fn} requires that ${param} be an integer.`),
  mustBeNumeric: (fn: string, param: string): DomainError =>
    new DomainError('paramMustBeNumeric', `Invalid parameter ${param} passed to ${fn}: It must be numeric.`),
  workTimeTooLarge: (value: number): DomainError =>
    new DomainError(
      'numberTooLarge',
      `The value '${value}' in the Hours Worked field is more than the maximum allowable value of '${MAX_WORK_TIME}'.`,
    ),
  bugDoesNotExist: (ref: number | string): DomainError => new DomainError('bugDoesNotExist', `Bug #${ref} does not exist.`),
  editDenied: (bugId: number): DomainError => new DomainError('bugEditDenied', `You are not permitted to edit bug #${bugId}.`),
  commentIsPrivate: (commentId: number | string): DomainError => new DomainError('commentIsPrivate', `Comment id ${commentId} is private.`),
  commentIdInvalid: (commentId: string): DomainError => new DomainError('invalidCommentId', `${commentId} is not a valid comment id.`),
  notInsider: (): DomainError =>
    new DomainError('privacyChangeDenied', 'Sorry, but you are not allowed to (un)mark comments or attachments as private.'),
  commentTooLong: (): DomainError => new DomainError('commentTooLong', `Comments cannot be longer than ${MAX_COMMENT_LENGTH} characters.`),
  taggingDisabled: (): DomainError => new DomainError('commentTaggingDisabled', 'The comment tagging is not enabled.'),
  tagInvalid: (tag: string): DomainError =>
    new DomainError('invalidCommentTag', `The comment tag "${tag}" contains invalid characters or words.`),
  tagTooLong: (): DomainError =>
    new DomainError('commentTagTooLong', `Comment tags cannot be longer than ${MAX_COMMENT_TAG_LENGTH} characters.`),
  tagTooShort: (): DomainError =>
    new DomainError('commentTagTooShort', `Comment tags must be at least ${MIN_COMMENT_TAG_LENGTH} characters.`),
  /**
   * golden 110: Bugzilla's auth_failure template knows no "update" action, so the update
   * call's message reads "to comment tags"; the search call's reads "to search comment tags".
   */
  notTagger: (group: string, action: 'update' | 'search'): DomainError =>
    new DomainError(
      'authFailure',
      `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to ${action === 'search' ? 'search ' : ''}comment tags.`,
    ),
};
