import type { FlagChange } from '../bugs/bug-flag.events';

/**
 * How flags read in change reports and history (`flagtypes.name`): the type name, the
 * status, and the requestee's login in parentheses when one is asked (`needinfo?(ann@x.org)`,
 * `review+`). A change is reported as Bugzilla's diff_arrays of the summaries before and
 * after: each summary cancels one equal summary on the other side (a multiset difference),
 * the rest are joined by ", " in flag order. Bugs (replies, history) and the mailer share it.
 */
export interface SummarizedFlag {
  readonly type: { readonly name: string };
  readonly status: string;
  readonly requestee: { readonly login: string } | null;
}

export function flagSummary(flag: SummarizedFlag): string {
  return `${flag.type.name}${flag.status}${flag.requestee ? `(${flag.requestee.login})` : ''}`;
}

/** What `before` has that `after` lacks and the reverse, one occurrence cancelling one. */
export function summaryDifference(before: readonly string[], after: readonly string[]): { removed: string[]; added: string[] } {
  const added = [...after];
  const removed: string[] = [];
  for (const summary of before) {
    const match = added.indexOf(summary);
    if (match === -1) removed.push(summary);
    else added.splice(match, 1);
  }
  return { removed, added };
}

/** The `{removed, added}` of one target's flag changes, in their order (the event's). */
export function flagChangeSummaries(changes: readonly FlagChange[]): { removed: string; added: string } {
  const before = changes.flatMap((change) => (change.before ? [flagSummary(change.before)] : []));
  const after = changes.flatMap((change) => (change.after ? [flagSummary(change.after)] : []));
  const { removed, added } = summaryDifference(before, after);
  return { removed: removed.join(', '), added: added.join(', ') };
}
