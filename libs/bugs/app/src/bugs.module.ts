import { type DynamicModule, Module } from '@nestjs/common';
import { commandProviders } from '@tracker/platform/command-handler';
import { healthController } from '@tracker/platform/messaging';
import { BugFinder } from './access/bug-finder';
import { BugAsOfReader } from './as-of/bug-as-of.reader';
import { AddCommentHandler } from './add-comment/add-comment.handler';
import { AddAttachmentHandler } from './add-attachment/add-attachment.handler';
import { UpdateAttachmentsHandler } from './update-attachments/update-attachments.handler';
import { BugAccessHandler } from './bug-access/bug-access.handler';
import { BugHistoryHandler } from './bug-history/bug-history.handler';
import { BUGS_OPTIONS, type BugsOptions } from './bugs.options';
import { CatalogClient } from './collaborators/catalog.client';
import { CommentsSyncClient } from './collaborators/comments-sync.client';
import { FlagsClient } from './collaborators/flags.client';
import { FlagDecisions } from './flags/flag-decisions';
import { IdentityClient } from './collaborators/identity.client';
import { CreateBugHandler } from './create-bug/create-bug.handler';
import { BugRefResolver } from './facts/bug-refs';
import { GetBugsHandler } from './get-bugs/get-bugs.handler';
import { GetLastVisitHandler } from './last-visit/get-last-visit.handler';
import { UpdateLastVisitHandler } from './last-visit/update-last-visit.handler';
import { LinkedChangeWriter } from './linked/linked-changes';
import { UpdateTagsHandler } from './personal-tags/update-tags.handler';
import { RebuildBugsHandler } from './read-model-admin/rebuild-bugs.handler';
import { ReconcileBugFlagsHandler } from './reconcile-flags/reconcile-flags.handler';
import { bugsReadModel } from './read-model/bugs.read-model';
import { SearchAsOf } from './search-bugs/search-as-of';
import { SearchBugsHandler } from './search-bugs/search-bugs.handler';
import { UpdateBugsHandler } from './update-bugs/update-bugs.handler';
import { UpdateFactsLoader } from './update-bugs/update-facts';
import { BugViews } from './view/bug-view.factory';
import { UserNames } from './view/user-names';

/** The bugs service: bugs (one stream each), their comments' events, personal tags, last visits. */
@Module({})
export class BugsModule {
  static forRoot(options: BugsOptions): DynamicModule {
    return {
      module: BugsModule,
      imports: [bugsReadModel],
      controllers: [
        healthController('bugs'),
        CreateBugHandler,
        GetBugsHandler,
        SearchBugsHandler,
        UpdateBugsHandler,
        BugHistoryHandler,
        UpdateLastVisitHandler,
        GetLastVisitHandler,
        UpdateTagsHandler,
        BugAccessHandler,
        AddCommentHandler,
        AddAttachmentHandler,
        UpdateAttachmentsHandler,
        ReconcileBugFlagsHandler,
        RebuildBugsHandler,
      ],
      providers: [
        { provide: BUGS_OPTIONS, useValue: options },
        ...commandProviders(),
        CatalogClient,
        IdentityClient,
        CommentsSyncClient,
        FlagsClient,
        FlagDecisions,
        BugFinder,
        BugAsOfReader,
        SearchAsOf,
        BugRefResolver,
        UserNames,
        BugViews,
        LinkedChangeWriter,
        UpdateFactsLoader,
      ],
    };
  }
}
