import type { ApiInput, BugFields, CreateBugParams } from '@tracker/contracts';
import type { LoggedInActor } from '../../rules/actor';
import type { BugRules } from '../../rules/bug-rules';
import type { AliasOwners, BugRefs, DependencyEdges, UserDirectory } from '../bug.facts';
import type { FlagOutcome } from '../flags/flag-outcome';

/** POST /rest/bug's parameters after coercion, as the zod schema defines them (camelCase; absent = not given). */
export type CreateBugInput = ApiInput<CreateBugParams, 'flags'>;

/** Create bug `bugId` with comment 0 `commentId`; facts were looked up by the handler. */
export interface CreateBug {
  readonly kind: 'CreateBug';
  readonly bugId: number;
  readonly commentId: number;
  readonly actor: LoggedInActor;
  readonly input: CreateBugInput;
  readonly rules: BugRules;
  readonly users: UserDirectory;
  readonly aliasOwners: AliasOwners;
  readonly bugRefs: BugRefs;
  readonly dependencyEdges: DependencyEdges;
  /** the flags service's decision on `flags` (absent when none were given) */
  readonly flags?: FlagOutcome;
  /**
   * the fields as `acceptCreate` accepted them on these same facts: a create's fields are
   * decided before its ids are drawn, and its ids change none of them, so the decision that
   * appends takes them as they are instead of checking every field again (absent: checked here)
   */
  readonly accepted?: AcceptedCreate;
}

/** What a create's fields are decided on: everything but its ids, its flags' outcome and a decision already made. */
export type CreateBugFacts = Omit<CreateBug, 'bugId' | 'commentId' | 'flags' | 'accepted'>;

/** A create's fields, accepted: the new bug's fields as stored, and its description (comment 0). */
export interface AcceptedCreate {
  readonly fields: BugFields;
  readonly description: string;
}
