import type { DomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import type { BugRefs, DependencyEdges } from '../bug.facts';

/** Dependencies named by id or alias become ids; a bad reference is the error Bugzilla gives. */
export function resolveBugRefs(refs: readonly string[], bugRefs: BugRefs): number[] | DomainError {
  const ids: number[] = [];
  for (const raw of refs) {
    const ref = raw.trim();
    if (ref === '') continue;
    const found = bugRefs.get(ref);
    if (!found) return BugErrors.invalidBugId(ref);
    if ('error' in found) return found.error;
    if (!ids.includes(found.bugId)) ids.push(found.bugId);
  }
  return ids;
}

/**
 * Bugzilla's ValidateDependencies: a bug may not depend on or block itself, and no bug
 * may be reachable both downwards from the new "depends on" list and upwards from the new
 * "blocks" list (that would be a cycle through this bug). `bugId` is null on create.
 * The edges are the graph as stored, without this bug's own edges.
 */
export function checkDependencyLoops(
  bugId: number | null,
  dependsOn: readonly number[],
  blocks: readonly number[],
  edges: DependencyEdges,
): DomainError | null {
  if (bugId !== null && (dependsOn.includes(bugId) || blocks.includes(bugId))) return BugErrors.dependencyLoopSingle();
  const own = (edge: readonly [number, number]): boolean => bugId !== null && (edge[0] === bugId || edge[1] === bugId);
  const graph = edges.filter((edge) => !own(edge));
  const below = reachable(
    dependsOn,
    graph,
    (edge) => edge[0],
    (edge) => edge[1],
  );
  const above = reachable(
    blocks,
    graph,
    (edge) => edge[1],
    (edge) => edge[0],
  );
  const both = [...below].filter((id) => above.has(id)).sort((a, b) => a - b);
  return both.length > 0 ? BugErrors.dependencyLoopMulti(both) : null;
}

function reachable(
  start: readonly number[],
  edges: DependencyEdges,
  from: (edge: readonly [number, number]) => number,
  to: (edge: readonly [number, number]) => number,
): Set<number> {
  const seen = new Set<number>(start);
  const stack = [...start];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    for (const edge of edges) {
      if (from(edge) !== current || seen.has(to(edge))) continue;
      seen.add(to(edge));
      stack.push(to(edge));
    }
  }
  return seen;
}
