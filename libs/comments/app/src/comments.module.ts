import { type DynamicModule, Module } from '@nestjs/common';
import { commandProviders } from '@tracker/platform/command-handler';
import { healthController } from '@tracker/platform/messaging';
import { ProjectionCheckpoints1763800000000, ReadModelModule } from '@tracker/platform/read-model';
import { CreateAttachmentHandler } from './attachments/create-attachment/create-attachment.handler';
import { GetAttachmentsHandler } from './attachments/get-attachments/get-attachments.handler';
import { UpdateAttachmentsHandler } from './attachments/update-attachments/update-attachments.handler';
import { AttachmentPrivacyHandler } from './attachments/attachment-privacy/attachment-privacy.handler';
import { BlobPromotion } from './attachments/blobs/blob-promotion';
import { AttachmentSweeper } from './attachments/blobs/attachment-sweeper';
import { AttachmentSweepTimer } from './attachments/blobs/attachment-sweep.timer';
import { SweepAttachmentsHandler } from './attachments/sweep-attachments/sweep-attachments.handler';
import { BugsClient } from './collaborators/bugs.client';
import { SearchCommentTagsHandler } from './comment-tags/search-comment-tags.handler';
import { UpdateCommentTagsHandler } from './comment-tags/update-comment-tags.handler';
import { COMMENTS_OPTIONS, type CommentsOptions } from './comments.options';
import { CreateCommentHandler } from './create-comment/create-comment.handler';
import { GetCommentsHandler } from './get-comments/get-comments.handler';
import { AttachmentQueries } from './read-model/attachment.queries';
import { CommentTagsAsOfReader } from './get-comments/comment-tags-as-of.reader';
import { CommentQueries } from './read-model/comment.queries';
import { CommentsProjection } from './read-model/comments.projection';
import { CreateCommentsTables1764200000000 } from './read-model/migrations/1764200000000-create-comments-tables';
import { TaggedCommentsIndex1764200000001 } from './read-model/migrations/1764200000001-tagged-comments-index';
import { CreateAttachmentsTables1764200000002 } from './read-model/migrations/1764200000002-create-attachments-tables';
import { CommentsSyncHandler } from './read-model-admin/comments-sync.handler';
import { RebuildCommentsHandler } from './read-model-admin/rebuild-comments.handler';
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
          migrations: [
            ProjectionCheckpoints1763800000000,
            CreateCommentsTables1764200000000,
            TaggedCommentsIndex1764200000001,
            CreateAttachmentsTables1764200000002,
          ],
          projections: [new CommentsProjection()],
        }),
      ],
      controllers: [
        healthController('comments'),
        CreateCommentHandler,
        GetCommentsHandler,
        UpdateCommentTagsHandler,
        SearchCommentTagsHandler,
        RenderCommentHandler,
        CreateAttachmentHandler,
        GetAttachmentsHandler,
        UpdateAttachmentsHandler,
        SweepAttachmentsHandler,
        AttachmentPrivacyHandler,
        CommentsSyncHandler,
        RebuildCommentsHandler,
      ],
      providers: [
        { provide: COMMENTS_OPTIONS, useValue: options },
        ...commandProviders(),
        BugsClient,
        CommentQueries,
        CommentTagsAsOfReader,
        AttachmentQueries,
        BlobPromotion,
        AttachmentSweeper,
        AttachmentSweepTimer,
      ],
    };
  }
}
