import { Inject, Logger } from '@nestjs/common';
import {
  CommonErrors,
  type CountBugsResult,
  hasPermission,
  isDomainError,
  SEARCH_BUGS_SUBJECT,
  type SearchBugsParams,
  type BugWire,
  type SearchBugsResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { parseSearch, type SearchContext } from '@tracker/bugs/domain';
import { READ_MODEL, type ReadModel, schemaOf } from '@tracker/platform/read-model';
import { BUGS_OPTIONS, type BugsOptions } from '../bugs.options';
import { CatalogClient } from '../collaborators/catalog.client';
import type { BugDocument } from '../read-model/bug-document';
import { BugQueries, type UserRow, userNamesOf } from '../read-model/bug.queries';
import { BugViews } from '../view/bug-view.factory';
import { SearchAsOf } from './search-as-of';
import { pushedDownSelect } from './search-pushdown';
import { compileCount, compileSearch, type SearchScope } from './search-sql';

const names = (values: ReadonlyArray<{ readonly name: string; readonly sortKey: number }>): string[] =>
  [...values].sort((a, b) => a.sortKey - b.sortKey || a.name.localeCompare(b.name)).map((value) => value.name);

/**
 * Bug.search: the parameters become criteria (with the catalog's statuses, priorities and
 * keywords for `__open__`, quicksearch and sorting), then one SQL query with the
 * visibility rule inside returns the bugs, rendered like Bug.get without update_token, or
 * with `count_only` their number (Bugzilla R6). When every field the client wants is a
 * column, the query returns the bug objects itself and no full bug is built. With
 * `as_of`, the bugs as they were then are matched instead (SearchAsOf).
 */
@MessageHandler(SEARCH_BUGS_SUBJECT)
export class SearchBugsHandler {
  private readonly logger = new Logger('BugSearch');

  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(BUGS_OPTIONS) private readonly options: BugsOptions,
    private readonly catalog: CatalogClient,
    private readonly views: BugViews,
    private readonly asOf: SearchAsOf,
  ) {}

  async handle(request: ServiceRequest<SearchBugsParams>): Promise<SearchBugsResult | CountBugsResult> {
    const { auth } = request;
    const queries = new BugQueries(this.readModel.dataSource);
    const [rules, customFields] = await Promise.all([this.catalog.fields(request), queries.customFields()]);
    const fields = rules.fields;
    const context: SearchContext = {
      statuses: fields.statuses,
      resolutions: fields.resolutions.map((value) => value.name),
      priorities: names(fields.priorities),
      keywords: fields.keywords.map((value) => value.name),
      customFields: customFields.map((field) => field.name),
      maxResults: this.options.maxSearchResults,
      timetracker: hasPermission(auth, 'timetracker'),
    };
    const search = parseSearch(request.params, context);
    if (isDomainError(search)) throw search;
    const scope: SearchScope = {
      schema: schemaOf(this.readModel.dataSource),
      userId: auth.userId,
      groupIds: auth.groupIds,
      insider: hasPermission(auth, 'insider'),
      customFields,
      valueOrder: {
        statuses: names(fields.statuses),
        priorities: names(fields.priorities),
        severities: names(fields.severities),
        resolutions: names(fields.resolutions),
        platforms: names(fields.platforms),
        opSystems: names(fields.opSystems),
      },
    };
    if (request.params.as_of !== undefined) return await this.asOf.answer(request, search, scope, request.params.as_of);
    if (request.params.count_only === true) {
      const [counted] = await this.run<{ bug_count: number }>(request, compileCount(search, scope));
      return { bug_count: counted?.bug_count ?? 0 };
    }
    const select = pushedDownSelect({ fields: request.fields, timetracker: context.timetracker, customFields });
    if (select !== null) {
      const objects = await this.run<{ bug: BugWire }>(request, compileSearch(search, scope, select));
      return { bugs: objects.map((row) => row.bug) };
    }
    const rows = await this.run<{ doc: BugDocument; users: UserRow[]; ever_flagged: boolean }>(request, compileSearch(search, scope));
    const flagless = new Set(rows.filter((row) => !row.ever_flagged).map((row) => row.doc.id));
    return {
      bugs: await this.views.render(
        request,
        rows.map((row) => row.doc),
        false,
        { users: userNamesOf(rows), customFields, flagless },
      ),
    };
  }

  private async run<Row>(request: ServiceRequest, query: { text: string; values: unknown[] }): Promise<Row[]> {
    try {
      return await this.readModel.dataSource.query<Row[]>(query.text, query.values);
    } catch (error) {
      // a user's regular expression PostgreSQL cannot compile is the user's error
      if (error instanceof Error && /regular expression/i.test(error.message))
        throw CommonErrors.userError(`Invalid regular expression: ${error.message}`);
      this.logger.error(`[${request.correlationId}] ${query.text}`);
      throw error;
    }
  }
}
