import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { BugFinder } from './access/bug-finder';
import { AddCommentController } from './add-comment/add-comment.controller';
import { AddCommentHandler } from './add-comment/add-comment.handler';
import { BugAccessController } from './bug-access/bug-access.controller';
import { BugAccessHandler } from './bug-access/bug-access.handler';
import { BugHistoryController } from './bug-history/bug-history.controller';
import { BugHistoryHandler } from './bug-history/bug-history.handler';
import { BUGS_OPTIONS, type BugsOptions } from './bugs.options';
import { CatalogClient } from './clients/catalog.client';
import { CommentsSyncClient } from './clients/comments-sync.client';
import { IdentityClient } from './clients/identity.client';
import { BugCommands } from './commands/bug-commands';
import { CreateBugController } from './create-bug/create-bug.controller';
import { CreateBugHandler } from './create-bug/create-bug.handler';
import { BugRefResolver } from './facts/bug-refs';
import { GetBugsController } from './get-bugs/get-bugs.controller';
import { GetBugsHandler } from './get-bugs/get-bugs.handler';
import { LastVisitController } from './last-visit/last-visit.controller';
import { LastVisitHandler } from './last-visit/last-visit.handler';
import { LinkedChangeWriter } from './linked/linked-changes';
import { UpdateTagsController } from './personal-tags/update-tags.controller';
import { UpdateTagsHandler } from './personal-tags/update-tags.handler';
import { bugsReadModel } from './read-model/bugs.read-model';
import { RebuildController } from './rebuild/rebuild.controller';
import { SearchBugsController } from './search-bugs/search-bugs.controller';
import { SearchBugsHandler } from './search-bugs/search-bugs.handler';
import { UpdateBugsController } from './update-bugs/update-bugs.controller';
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
        CreateBugController,
        GetBugsController,
        SearchBugsController,
        UpdateBugsController,
        BugHistoryController,
        LastVisitController,
        UpdateTagsController,
        BugAccessController,
        AddCommentController,
        RebuildController,
      ],
      providers: [
        { provide: BUGS_OPTIONS, useValue: options },
        BugCommands,
        CatalogClient,
        IdentityClient,
        CommentsSyncClient,
        BugFinder,
        BugRefResolver,
        UserNames,
        BugViews,
        LinkedChangeWriter,
        UpdateFactsLoader,
        CreateBugHandler,
        GetBugsHandler,
        SearchBugsHandler,
        UpdateBugsHandler,
        BugHistoryHandler,
        LastVisitHandler,
        UpdateTagsHandler,
        BugAccessHandler,
        AddCommentHandler,
      ],
    };
  }
}
