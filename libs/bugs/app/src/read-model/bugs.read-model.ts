import { ProjectionCheckpoints1763800000000, ReadModelModule } from '@tracker/platform/read-model';
import { BugsProjection } from './bugs.projection';
import { CustomFieldsProjection } from './custom-fields.projection';
import { LastVisitsProjection } from './last-visits.projection';
import { CreateBugsTables1764100000000 } from './migrations/1764100000000-create-bugs-tables';
import { SubstringSearchIndexes1764100000001 } from './migrations/1764100000001-substring-search-indexes';
import { AttachmentIds1764100000002 } from './migrations/1764100000002-attachment-ids';
import { UnboundedActualTime1764100000003 } from './migrations/1764100000003-unbounded-actual-time';
import { IdOrderedSearchIndexes1764100000004 } from './migrations/1764100000004-id-ordered-search-indexes';
import { FlaggedMarker1764100000005 } from './migrations/1764100000005-flagged-marker';
import { PersonalTagsProjection } from './personal-tags.projection';
import { UsersProjection } from './users.projection';

export const BUGS_SCHEMA = 'bugs';

/** The bugs schema's own migrations, in order (specs open the read model with them too). */
export const BUGS_MIGRATIONS = [
  CreateBugsTables1764100000000,
  SubstringSearchIndexes1764100000001,
  AttachmentIds1764100000002,
  UnboundedActualTime1764100000003,
  IdOrderedSearchIndexes1764100000004,
  FlaggedMarker1764100000005,
] as const;

/** The bugs read model: schema `bugs`, tables by migrations, SQL everywhere (no TypeORM entities). */
export const bugsReadModel = ReadModelModule.forService({
  schema: BUGS_SCHEMA,
  entities: [],
  migrations: [ProjectionCheckpoints1763800000000, ...BUGS_MIGRATIONS],
  projections: [
    new BugsProjection(),
    new UsersProjection(),
    new PersonalTagsProjection(),
    new LastVisitsProjection(),
    new CustomFieldsProjection(),
  ],
});
