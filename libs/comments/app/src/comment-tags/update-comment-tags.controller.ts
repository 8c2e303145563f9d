import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_COMMENT_TAGS_SUBJECT, type UpdateCommentTagsParams } from '@tracker/contracts';
import { UpdateCommentTagsHandler } from './update-comment-tags.handler';

@Controller()
export class UpdateCommentTagsController {
  constructor(private readonly handler: UpdateCommentTagsHandler) {}

  @MessagePattern(UPDATE_COMMENT_TAGS_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateCommentTagsParams>): Promise<readonly string[]> {
    return this.handler.handle(request);
  }
}
