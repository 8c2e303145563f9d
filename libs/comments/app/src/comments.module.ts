import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { ProjectionCheckpoints1763800000000, ReadModelModule } from '@tracker/platform/read-model';
import { BugsClient } from './collaborators/bugs.client';
import { SearchCommentTagsController } from './comment-tags/search-comment-tags.controller';
import { SearchCommentTagsHandler } from './comment-tags/search-comment-tags.handler';
import { UpdateCommentTagsController } from './comment-tags/update-comment-tags.controller';
import { UpdateCommentTagsHandler } from './comment-tags/update-comment-tags.handler';
import { COMMENTS_OPTIONS, type CommentsOptions } from './comments.options';
import { CreateCommentController } from './create-comment/create-comment.controller';
import { CreateCommentHandler } from './create-comment/create-comment.handler';
import { GetCommentsController } from './get-comments/get-comments.controller';
import { GetCommentsHandler } from './get-comments/get-comments.handler';
import { CommentQueries } from './read-model/comment.queries';
import { CommentsProjection } from './read-model/comments.projection';
import { CreateCommentsTables1764200000000 } from './read-model/migrations/1764200000000-create-comments-tables';
import { TaggedCommentsIndex1764200000001 } from './read-model/migrations/1764200000001-tagged-comments-index';
import { CommentsSyncController } from './read-model-admin/comments-sync.controller';
import { RebuildCommentsController } from './read-model-admin/rebuild-comments.controller';
import { RenderCommentController } from './render-comment/render-comment.controller';
import { RenderCommentHandler } from './render-comment/render-comment.handler';

/** The comments service: its message handlers, read model and domain wiring. */
@Module({})
export class CommentsModule {
  static forRoot(options: CommentsOptions): DynamicModule {
    return {
      module: CommentsModule,
      imports: [
        ReadModelModule.forService({
          schema: 'comments',
          entities: [],
          migrations: [ProjectionCheckpoints1763800000000, CreateCommentsTables1764200000000, TaggedCommentsIndex1764200000001],
          projections: [new CommentsProjection()],
        }),
      ],
      controllers: [
        healthController('comments'),
        CreateCommentController,
        GetCommentsController,
        UpdateCommentTagsController,
        SearchCommentTagsController,
        RenderCommentController,
        CommentsSyncController,
        RebuildCommentsController,
      ],
      providers: [
        { provide: COMMENTS_OPTIONS, useValue: options },
        BugsClient,
        CommentQueries,
        CreateCommentHandler,
        GetCommentsHandler,
        UpdateCommentTagsHandler,
        SearchCommentTagsHandler,
        RenderCommentHandler,
      ],
    };
  }
}
