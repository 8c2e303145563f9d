import type { BugChanges, BugFields, BugListFields, BugScalarFields } from '@tracker/contracts';
import { deltaBetween } from './bug-lists';

const SCALAR_KEYS: ReadonlyArray<keyof BugScalarFields> = [
  'summary',
  'product',
  'component',
  'classification',
  'version',
  'targetMilestone',
  'status',
  'isOpen',
  'resolution',
  'isConfirmed',
  'dupeOf',
  'priority',
  'severity',
  'platform',
  'opSys',
  'url',
  'whiteboard',
  'assignee',
  'qaContact',
  'isCcAccessible',
  'isCreatorAccessible',
  'deadline',
  'estimatedTime',
  'remainingTime',
];

const LIST_KEYS: ReadonlyArray<keyof BugListFields> = ['alias', 'keywords', 'seeAlso', 'groups', 'blocks', 'dependsOn', 'cc'];

/** Objects (users, products) are the same when their id is. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && 'id' in a && 'id' in b) return a.id === b.id;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What changed between two versions of a bug's fields, as a BugUpdated event carries it. */
export function changesBetween(before: BugFields, after: BugFields): BugChanges {
  const changes: Record<string, unknown> = {};
  for (const key of SCALAR_KEYS) if (!sameValue(before[key], after[key])) changes[key] = after[key];
  for (const key of LIST_KEYS) {
    const delta = deltaBetween(key, before[key] as never[], after[key] as never[]);
    if (delta) changes[key] = delta;
  }
  const custom = Object.fromEntries(
    Object.entries(after.customFields).filter(([name, value]) => !sameValue(before.customFields[name] ?? null, value)),
  );
  if (Object.keys(custom).length > 0) changes['customFields'] = custom;
  return changes;
}

export function isEmptyChange(changes: BugChanges): boolean {
  return Object.keys(changes).length === 0;
}
