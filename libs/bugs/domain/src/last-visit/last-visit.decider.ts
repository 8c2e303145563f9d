import type { BugsVisited, Decider, DomainError } from '@tracker/contracts';

/** POST /rest/bug_user_last_visit: the handler checked visibility and involvement first. */
export interface RecordVisit {
  readonly kind: 'RecordVisit';
  readonly userId: number;
  readonly bugIds: readonly number[];
  /** ISO-8601 UTC, whole seconds (Bugzilla's NOW()) */
  readonly visitedAt: string;
}

/** Visits are facts without rules: the stream only records them. */
export const lastVisitDecider: Decider<null, RecordVisit, BugsVisited> = {
  initialState: (): null => null,
  decide(command: RecordVisit): readonly BugsVisited[] | DomainError {
    if (command.bugIds.length === 0) return [];
    return [{ type: 'BugsVisited', data: { userId: command.userId, bugIds: [...new Set(command.bugIds)], visitedAt: command.visitedAt } }];
  },
  evolve: (): null => null,
};
