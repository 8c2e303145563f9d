import type { LoggedInActor } from '../../rules/actor';
import type { BugRules } from '../../rules/bug-rules';

/** POST /rest/bug/{id}/comment, handed over by the comments service (bugs.comment.add). */
export interface AddComment {
  readonly kind: 'AddComment';
  readonly actor: LoggedInActor;
  readonly commentId: number;
  readonly text: string;
  readonly isPrivate: boolean;
  readonly isMarkdown: boolean;
  readonly workTime: number;
  readonly tags: readonly string[];
  /** the bug's product, for the edit check */
  readonly rules: BugRules;
}
