import type { LoggedInActor } from '../../rules/actor';
import type { BugRules } from '../../rules/bug-rules';
import type { AliasOwners, BugRefs, DependencyEdges, UserDirectory } from '../bug.facts';

/** POST /rest/bug's parameters after coercion (API names; absent = not given). */
export interface CreateBugInput {
  readonly product?: string;
  readonly component?: string;
  readonly summary?: string;
  readonly version?: string;
  readonly description?: string;
  readonly commentIsPrivate?: boolean;
  readonly isMarkdown?: boolean;
  readonly opSys?: string;
  readonly platform?: string;
  readonly priority?: string;
  readonly severity?: string;
  readonly alias?: readonly string[];
  readonly assignedTo?: string;
  readonly qaContact?: string;
  readonly cc?: readonly string[];
  readonly groups?: readonly string[];
  readonly status?: string;
  readonly resolution?: string;
  readonly targetMilestone?: string;
  readonly keywords?: readonly string[];
  readonly url?: string;
  readonly whiteboard?: string;
  readonly seeAlso?: readonly string[];
  readonly blocks?: readonly string[];
  readonly dependsOn?: readonly string[];
  readonly estimatedTime?: number;
  readonly remainingTime?: number;
  readonly deadline?: string;
  readonly isCcAccessible?: boolean;
  readonly isCreatorAccessible?: boolean;
  /** custom fields by name (`cf_...`), values as sent */
  readonly customFields: Readonly<Record<string, unknown>>;
}

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
}
