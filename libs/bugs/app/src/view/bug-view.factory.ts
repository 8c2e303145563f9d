import { Inject, Injectable } from '@nestjs/common';
import { type BugWire, type FieldSelection, hasPermission, type ServiceRequest } from '@tracker/contracts';
import { bugFieldType, FieldFilter } from '@tracker/field-filter';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { BUGS_OPTIONS, type BugsOptions } from '../bugs.options';
import type { BugDocument } from '../read-model/bug-document';
import { BugQueries, type CustomFieldDefinition, type UserName } from '../read-model/bug.queries';
import { bugWire, usersShown } from './bug-wire';
import { updateToken } from './update-token';
import { UserNames } from './user-names';

const USER_FIELDS = ['assigned_to', 'creator', 'qa_contact', 'cc'];

/**
 * Builds the bug objects of a read or search: loads only what the requested fields need
 * (user names, personal tags, custom field definitions), each with one query.
 */
@Injectable()
export class BugViews {
  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(BUGS_OPTIONS) private readonly options: BugsOptions,
    private readonly userNames: UserNames,
  ) {}

  /**
   * `known`: user names and custom fields read together with the documents, if they were;
   * `flagless`, the bugs that never had flags: they show `flags: []`, and the gateway asks
   * the flags service only for the others (its bug-flags composer).
   */
  async render(
    request: ServiceRequest,
    docs: readonly BugDocument[],
    withUpdateToken: boolean,
    known?: {
      readonly users: ReadonlyMap<number, UserName>;
      readonly customFields: readonly CustomFieldDefinition[];
      readonly flagless?: ReadonlySet<number>;
    },
  ): Promise<BugWire[]> {
    if (docs.length === 0) return [];
    const filter = new FieldFilter(request.fields ?? ({ include: [], exclude: [] } satisfies FieldSelection));
    const queries = new BugQueries(this.readModel.dataSource);
    const userId = request.auth.userId;
    const wantsUsers = USER_FIELDS.some((field) => filter.wants(field));
    const [users, tags, customFields] = await Promise.all([
      wantsUsers ? this.userNames.of(request, usersShown(docs), known?.users) : Promise.resolve(new Map<number, UserName>()),
      userId !== null && filter.wants('tags', bugFieldType('tags'))
        ? queries.tags(
            userId,
            docs.map((doc) => doc.id),
          )
        : Promise.resolve(null),
      known ? Promise.resolve(known.customFields) : queries.customFields(),
    ]);
    const token =
      withUpdateToken && userId !== null && filter.wants('update_token')
        ? (doc: BugDocument): string => updateToken(this.options.updateTokenSecret, doc.id, doc.lastChangeTime, userId)
        : null;
    const timetracker = hasPermission(request.auth, 'timetracker');
    const empty = new Map<number, readonly string[]>();
    const flagless = known?.flagless;
    return docs.map((doc) => {
      const wire = bugWire(doc, {
        users,
        customFields,
        timetracker,
        tags: tags ?? (userId === null && filter.wants('tags', bugFieldType('tags')) ? empty : null),
        updateToken: token,
      });
      return flagless?.has(doc.id) ? { ...wire, flags: [] } : wire;
    });
  }
}
