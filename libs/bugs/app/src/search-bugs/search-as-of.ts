import { Inject, Injectable } from '@nestjs/common';
import type { CountBugsResult, SearchBugsParams, SearchBugsResult, ServiceRequest } from '@tracker/contracts';
import {
  type AsOfNarrowing,
  asOfNarrowing,
  type BugAsOf,
  compileAsOfCriteria,
  type CurrentComment,
  MAX_AS_OF_CANDIDATES,
  type SearchRequest,
  sortAsOf,
  tooManyAsOfCandidates,
  usesComments,
} from '@tracker/bugs/domain';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { BugAsOfReader, documentOf } from '../as-of/bug-as-of.reader';
import { BugQueries } from '../read-model/bug.queries';
import { BugViews } from '../view/bug-view.factory';
import { type SearchScope, SqlParams, visibility } from './search-sql';

/**
 * Bug.search with `as_of` (docs/as-of.md): what a caller with the same rights would have
 * found then. The candidates are the bugs the caller may see now that existed at the
 * instant (narrowed only by what never changes: ids, creation time), at most
 * MAX_AS_OF_CANDIDATES of them; each is folded from its stream up to the instant, and
 * the criteria, the order and the page are applied to those folded bugs in memory by the
 * domain's matcher, which refuses by name any criterion it cannot judge.
 */
@Injectable()
export class SearchAsOf {
  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly asOf: BugAsOfReader,
    private readonly views: BugViews,
  ) {}

  async answer(
    request: ServiceRequest<SearchBugsParams>,
    search: SearchRequest,
    scope: SearchScope,
    instant: string,
  ): Promise<SearchBugsResult | CountBugsResult> {
    const customFieldTypes = new Map(scope.customFields.map((field) => [field.name, field.type]));
    // every criterion is read (and refused if it must be) before anything is folded
    const matches = compileAsOfCriteria(search.criteria, { userId: scope.userId, insider: scope.insider, customFieldTypes });
    const ids = await this.candidates(scope, instant, asOfNarrowing(search.criteria));
    if (ids.length > MAX_AS_OF_CANDIDATES) throw tooManyAsOfCandidates();
    const folded = [...(await this.asOf.states(ids, instant)).values()].filter((bug): bug is BugAsOf => bug !== null);
    const queries = new BugQueries(this.readModel.dataSource);
    // comment texts never change: the read model's rows serve for the comments that existed then
    const comments = usesComments(search.criteria)
      ? await queries.comments(folded.flatMap((bug) => bug.state.comments.map((comment) => comment.commentId)))
      : new Map<number, CurrentComment>();
    const users = await queries.userNames([...folded.flatMap(usersNamed), ...[...comments.values()].map((comment) => comment.authorId)]);
    const found = folded.filter((bug) => matches(bug, { users, comments }));
    if (request.params.count_only === true) return { bug_count: found.length };
    const page = sortAsOf(found, search.order, { customFieldTypes, valueOrder: scope.valueOrder }, users).slice(
      search.offset,
      search.offset + search.limit,
    );
    const docs = page.map(documentOf);
    return { bugs: await this.views.render(request, docs, false, { users, customFields: scope.customFields }) };
  }

  /** The ids of the bugs the caller may see now that existed at the instant, one more than the bound at most. */
  private async candidates(scope: SearchScope, instant: string, narrowing: AsOfNarrowing): Promise<number[]> {
    const params = new SqlParams();
    const where = [visibility(scope, params), `b.creation_ts <= ${params.add(instant)}::timestamptz`];
    if (narrowing.ids !== null) where.push(`b.id = ANY(${params.add(narrowing.ids)}::int[])`);
    if (narrowing.createdSince !== null) where.push(`b.creation_ts >= ${params.add(narrowing.createdSince)}::timestamptz`);
    const text = `SELECT b.id FROM ${scope.schema}.bugs b WHERE ${where.join(' AND ')} ORDER BY b.id LIMIT ${params.add(MAX_AS_OF_CANDIDATES + 1)}`;
    const rows: Array<{ id: number }> = await this.readModel.dataSource.query(text, params.values);
    return rows.map((row) => row.id);
  }
}

/** The users a folded bug names, whose names (as they are now) its criteria and rendering need. */
function usersNamed({ state }: BugAsOf): number[] {
  const { assignee, qaContact, cc } = state.fields;
  return [state.reporter.id, assignee.id, ...(qaContact ? [qaContact.id] : []), ...cc.map((user) => user.id)];
}
