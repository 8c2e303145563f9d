import { type BugCreated, isDomainError } from '@tracker/contracts';
import { type BugCommand, bugDecider } from '../bug/bug.decider';
import type { DatedBugEvent } from '../history/bug-history';
import type { CreateBug, CreateBugInput } from '../bug/create/create-bug.command';
import type { UpdateBug, UpdateBugInput } from '../bug/update/update-bug.command';
import { ADMIN_ACTOR, RULES, USERS } from './bug-rules.fixture';

/** The fewest fields a bug of RefProduct is filed with. */
export const MINIMAL_INPUT: CreateBugInput = {
  product: 'RefProduct',
  component: 'RefComponent',
  version: '1.0',
  summary: 'Golden',
  opSys: 'All',
  platform: 'All',
  customFields: {},
};

/** Golden 53's bug, filed with every field. */
export const GOLDEN_INPUT: CreateBugInput = {
  product: 'RefProduct',
  component: 'RefComponent',
  version: '1.0',
  summary: 'Golden bug: widget renders upside down',
  description: 'Widget appears upside down on Linux.\nSteps: open the app.',
  opSys: 'Linux',
  platform: 'PC',
  priority: 'Normal',
  severity: 'normal',
  targetMilestone: 'M1',
  keywords: ['perf'],
  cc: ['user@example.com'],
  url: 'http://example.com/widget',
  whiteboard: '[golden]',
  alias: ['golden-1'],
  estimatedTime: 4.5,
  deadline: '2030-01-31',
  customFields: {},
};

/** Bug 4 with comment 0 = 10, filed by the administrator, the facts found as the handler would. */
export function createBug(input: CreateBugInput, overrides: Partial<CreateBug> = {}): CreateBug {
  return {
    kind: 'CreateBug',
    bugId: 4,
    commentId: 10,
    actor: ADMIN_ACTOR,
    input,
    rules: RULES,
    users: USERS,
    aliasOwners: new Map(),
    bugRefs: new Map([
      ['1', { bugId: 1 }],
      ['2', { bugId: 2 }],
    ]),
    dependencyEdges: [],
    ...overrides,
  };
}

/** An update by the administrator that may add comment 11; bug 5 is the duplicate target at hand. */
export function updateBug(input: Partial<UpdateBugInput>, overrides: Partial<UpdateBug> = {}): UpdateBug {
  return {
    kind: 'UpdateBug',
    actor: ADMIN_ACTOR,
    input: { customFields: {}, ...input },
    bugCount: 1,
    commentId: 11,
    rules: RULES,
    users: USERS,
    aliasOwners: new Map(),
    bugRefs: new Map([
      ['1', { bugId: 1 }],
      ['5', { bugId: 5 }],
    ]),
    dependencyEdges: [],
    dupeChain: new Map(),
    dupeTarget: { bugId: 5, reporterId: 2, visibleToDupeReporter: true },
    openBugIds: new Set(),
    ...overrides,
  };
}

/** The golden bug as its stream starts: bug 4 filed by the administrator from GOLDEN_INPUT. */
export function goldenBugCreated(): BugCreated {
  const decided = bugDecider.decide(createBug(GOLDEN_INPUT), bugDecider.initialState());
  const [event] = isDomainError(decided) ? [] : decided;
  if (event?.type !== 'BugCreated') throw new Error('the golden bug was not created');
  return event;
}

/** Decides the commands one after another, as the stream records them, each at its time (ISO-8601). */
export function datedStream(...steps: Array<[string, BugCommand]>): DatedBugEvent[] {
  const dated: DatedBugEvent[] = [];
  for (const [occurredAt, command] of steps) {
    const state = dated.reduce((folded, entry) => bugDecider.evolve(folded, entry.event), bugDecider.initialState());
    const decided = bugDecider.decide(command, state);
    if (isDomainError(decided)) throw new Error(`${command.kind} at ${occurredAt} was refused: ${decided.message}`);
    dated.push(...decided.map((event) => ({ event, occurredAt })));
  }
  return dated;
}
