import { commentTagProblem, type DomainError } from '@tracker/contracts';
import { CommentErrors } from '../comments.errors';

/** Bugzilla's _check_tag as an error (126/127/128), or null for a valid tag. */
export function checkCommentTag(tag: string): DomainError | null {
  switch (commentTagProblem(tag)) {
    case 'too_short':
      return CommentErrors.tagTooShort();
    case 'too_long':
      return CommentErrors.tagTooLong();
    case 'invalid':
      return CommentErrors.tagInvalid(tag);
    case null:
      return null;
  }
}
