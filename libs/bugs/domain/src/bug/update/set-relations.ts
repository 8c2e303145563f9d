import { BugErrors } from '../../bugs.errors';
import { findValue } from '../../rules/bug-rules';
import { deltaBetween, sortList } from '../bug-lists';
import { splitAliases } from '../fields/alias';
import { checkDependencyLoops, resolveBugRefs } from '../fields/dependencies';
import { ok } from '../refusal';
import type { ListEdit } from './update-bug.command';
import type { UpdateDraft } from './update-draft';

const DEPENDENCY_NAMES = {
  dependsOn: { internal: 'dependson', api: 'depends_on' },
  blocks: { internal: 'blocked', api: 'blocks' },
} as const;

/**
 * Bugzilla's set_dependencies: `set` replaces, else add then remove; a changed list needs
 * the right to change it; bugs added or removed must exist and be visible; no loops.
 */
export function setDependencies(draft: UpdateDraft, dependsOnEdit: ListEdit | undefined, blocksEdit: ListEdit | undefined): void {
  const { bugRefs, dependencyEdges } = draft.command;
  const next = { dependsOn: [...draft.fields.dependsOn], blocks: [...draft.fields.blocks] };
  for (const [key, edit] of [
    ['dependsOn', dependsOnEdit],
    ['blocks', blocksEdit],
  ] as const) {
    if (!edit) continue;
    const current = draft.fields[key];
    let wanted: number[];
    if (edit.set) {
      wanted = resolveKnown(draft, edit.set, current);
    } else {
      const added = ok(resolveBugRefs(splitAliases(edit.add ?? []), bugRefs));
      const removed = ok(resolveBugRefs(splitAliases(edit.remove ?? []), bugRefs));
      wanted = [...current, ...added.filter((id) => !current.includes(id))].filter((id) => !removed.includes(id));
    }
    if (deltaBetween(key, current, wanted)) draft.requireChange(DEPENDENCY_NAMES[key], [...current], wanted);
    next[key] = wanted;
  }
  const loop = checkDependencyLoops(draft.bugId, next.dependsOn, next.blocks, dependencyEdges);
  if (loop) draft.refuseWith(loop);
  draft.setList('dependsOn', sortList('dependsOn', next.dependsOn));
  draft.setList('blocks', sortList('blocks', next.blocks));
}

/** Under `set`, ids the bug already has need no new check; new ones must resolve. */
function resolveKnown(draft: UpdateDraft, refs: readonly string[], current: readonly number[]): number[] {
  const ids: number[] = [];
  for (const ref of splitAliases(refs)) {
    const known = /^\d+$/.test(ref) && current.includes(Number(ref)) ? Number(ref) : ok(resolveBugRefs([ref], draft.command.bugRefs))[0];
    if (known !== undefined && !ids.includes(known)) ids.push(known);
  }
  return ids;
}

/** Bugzilla's modify_keywords, actions applied in the order add, remove, set. */
export function setKeywords(draft: UpdateDraft, edit: ListEdit): void {
  const known = draft.command.rules.fields.keywords;
  const check = (names: readonly string[] | undefined): string[] =>
    splitAliases(names ?? []).map(
      (name) => findValue(known, name)?.name ?? draft.refuseWith(BugErrors.objectDoesNotExist('keyword', name)),
    );
  let keywords = [...draft.fields.keywords];
  if (edit.add) keywords = [...keywords, ...check(edit.add).filter((name) => !keywords.includes(name))];
  if (edit.remove) {
    const removed = check(edit.remove);
    keywords = keywords.filter((name) => !removed.includes(name));
  }
  if (edit.set) keywords = check(edit.set);
  const sorted = sortList('keywords', keywords);
  if (deltaBetween('keywords', draft.fields.keywords, sorted)) {
    draft.requireChange({ internal: 'keywords', api: 'keywords' }, [...draft.fields.keywords], sorted);
  }
  draft.setList('keywords', sorted);
}
