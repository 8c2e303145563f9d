import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { COMMENTS_OPTIONS, type CommentsOptions } from './comments.options';

/** The comments service: its message handlers, read model and domain wiring. */
@Module({})
export class CommentsModule {
  static forRoot(options: CommentsOptions): DynamicModule {
    return {
      module: CommentsModule,
      controllers: [healthController('comments')],
      providers: [{ provide: COMMENTS_OPTIONS, useValue: options }],
    };
  }
}
