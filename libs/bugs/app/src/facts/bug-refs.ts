import { Injectable } from '@nestjs/common';
import type { ServiceRequest } from '@tracker/contracts';
import type { Actor, BugRef, BugRefs } from '@tracker/bugs/domain';
import { BugFinder } from '../access/bug-finder';

/** Other bugs named in a command (dependencies, duplicate, bug-id fields): id, or Bugzilla's error. */
@Injectable()
export class BugRefResolver {
  constructor(private readonly finder: BugFinder) {}

  async resolve(request: ServiceRequest, actor: Actor, refs: readonly string[]): Promise<BugRefs> {
    const wanted = [...new Set(refs.map((ref) => ref.trim()).filter((ref) => ref !== ''))];
    if (wanted.length === 0) return new Map();
    const found = await this.finder.find(request, actor, wanted);
    return new Map(found.map((entry): [string, BugRef] => [entry.ref, entry.error ? { error: entry.error } : { bugId: entry.doc.id }]));
  }
}

/** The ids a set of resolved references led to. */
export function resolvedIds(refs: BugRefs): number[] {
  return [...refs.values()].flatMap((ref) => ('bugId' in ref ? [ref.bugId] : []));
}

/** References as Bugzilla splits them: at spaces and commas. */
export function splitRefs(values: readonly string[] | undefined): string[] {
  return (values ?? []).flatMap((value) => value.split(/[\s,]+/)).filter((value) => value !== '');
}
