import { Inject, Injectable } from '@nestjs/common';
import { type DomainError, isLoggedIn, type ServiceRequest } from '@tracker/contracts';
import { type Actor, BugErrors, canSeeBug, type BugAccessFacts } from '@tracker/bugs/domain';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import type { BugDocument } from '../read-model/bug-document';
import { type BugBundle, BugQueries } from '../read-model/bug.queries';

/** A reference the caller gave (id or alias) and what it led to. */
export type FoundBug =
  | { readonly ref: string; readonly doc: BugDocument; readonly error: null }
  | { readonly ref: string; readonly doc: null; readonly error: DomainError };

export function accessFacts(doc: BugDocument): BugAccessFacts {
  return {
    groupIds: doc.fields.groups.map((group) => group.id),
    reporterId: doc.reporter.id,
    assigneeId: doc.fields.assignee.id,
    qaContactId: doc.fields.qaContact?.id ?? null,
    ccIds: doc.fields.cc.map((user) => user.id),
    isCreatorAccessible: doc.fields.isCreatorAccessible,
    isCcAccessible: doc.fields.isCcAccessible,
  };
}

/**
 * Bugzilla's Bug->check for a list of references: trimmed, a leading `#` dropped; digits
 * are ids (101 when there is none, 0 included), anything else an alias (100 when no bug
 * has it); a bug the caller may not see is 102, with the anonymous wording for a
 * logged-out caller and the reference as given. Two queries for the whole list.
 */
@Injectable()
export class BugFinder {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  private get queries(): BugQueries {
    return new BugQueries(this.readModel.dataSource);
  }

  async find(request: ServiceRequest, actor: Actor, refs: readonly string[]): Promise<FoundBug[]> {
    return (await this.lookup(request, actor, refs)).found;
  }

  /** `find`, with what rendering the bugs needs from the same query (user names, custom fields). */
  async lookup(request: ServiceRequest, actor: Actor, refs: readonly string[]): Promise<{ found: FoundBug[]; bundle: BugBundle }> {
    const cleaned = refs.map((ref) => ref.trim().replace(/^#/, ''));
    const aliases = cleaned.filter((ref) => !/^\d+$/.test(ref) && ref !== '');
    const byAlias = aliases.length === 0 ? new Map<string, number>() : await this.queries.idsByAlias(aliases);
    const idOf = (ref: string): number | undefined => (/^\d+$/.test(ref) ? Number(ref) : byAlias.get(ref.toLowerCase()));
    const ids = cleaned.map(idOf).filter((id): id is number => id !== undefined && Number.isSafeInteger(id) && id <= 2_147_483_647);
    const bundle = await this.queries.bundle(ids);
    const docs = bundle.docs;
    const loggedIn = isLoggedIn(request.auth);
    const found = cleaned.map((ref): FoundBug => {
      const id = idOf(ref);
      const doc = id === undefined ? undefined : docs.get(id);
      if (!doc) {
        const error = /^\d+$/.test(ref) ? BugErrors.bugDoesNotExist(Number(ref)) : BugErrors.invalidBugId(ref);
        return { ref, doc: null, error };
      }
      if (!canSeeBug(actor, accessFacts(doc))) return { ref, doc: null, error: BugErrors.bugAccessDenied(ref, loggedIn) };
      return { ref, doc, error: null };
    });
    return { found, bundle };
  }

  /** The documents of visible bugs, in order; the first failure is thrown. */
  async findAll(request: ServiceRequest, actor: Actor, refs: readonly string[]): Promise<BugDocument[]> {
    const found = await this.find(request, actor, refs);
    return found.map((entry) => {
      if (entry.error) throw entry.error;
      return entry.doc;
    });
  }
}

/** The path's reference followed by those of `ids`, each once. */
export function refsOf(id: string | undefined, ids: readonly string[] | undefined): string[] {
  return [...new Set([...(id === undefined ? [] : [id]), ...(ids ?? [])].map((ref) => ref.trim()))];
}
