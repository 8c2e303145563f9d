import type { ApiInput, UpdateBugsParams } from '@tracker/contracts';
import type { LoggedInActor } from '../../rules/actor';
import type { BugRules } from '../../rules/bug-rules';
import type { AliasOwners, BugRefs, DependencyEdges, UserDirectory } from '../bug.facts';
import type { FlagOutcome } from '../flags/flag-outcome';

/** `add` / `remove` / `set` objects of Bug.update (`set` wins where Bugzilla says so). */
export interface ListEdit<T = string> {
  readonly add?: readonly T[];
  readonly remove?: readonly T[];
  readonly set?: readonly T[];
}

/** PUT /rest/bug's parameters after coercion, as the zod schema defines them (camelCase; absent = not given). */
export type UpdateBugInput = ApiInput<UpdateBugsParams, 'id' | 'ids' | 'flags'>;

/** What the handler knows about the bug a duplicate points to. */
export interface DupeTarget {
  readonly bugId: number;
  readonly reporterId: number;
  /** whether the duplicate's reporter can see it (then they join its CC) */
  readonly visibleToDupeReporter: boolean;
}

/** One bug's part of a PUT /rest/bug request; facts were looked up by the handler. */
export interface UpdateBug {
  readonly kind: 'UpdateBug';
  readonly actor: LoggedInActor;
  readonly input: UpdateBugInput;
  /** how many bugs the request changes (dupe_of and alias need exactly one) */
  readonly bugCount: number;
  /** id for a comment this update may add (its comment, work time or duplicate note) */
  readonly commentId: number;
  readonly rules: BugRules;
  readonly users: UserDirectory;
  readonly aliasOwners: AliasOwners;
  readonly bugRefs: BugRefs;
  readonly dependencyEdges: DependencyEdges;
  /** dupe_of of the bugs on the target's duplicate chain (bug -> the bug it duplicates) */
  readonly dupeChain: ReadonlyMap<number, number>;
  readonly dupeTarget: DupeTarget | null;
  /** the bugs among this bug's dependencies that are open (noresolveonopenblockers) */
  readonly openBugIds: ReadonlySet<number>;
  /** the flags service's decision on this bug's `flags` or move (absent when not needed) */
  readonly flags?: FlagOutcome;
}
