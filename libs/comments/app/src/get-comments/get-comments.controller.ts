import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CommentsResult, GET_COMMENTS_SUBJECT, type GetCommentsParams, type ServiceRequest } from '@tracker/contracts';
import { GetCommentsHandler } from './get-comments.handler';

@Controller()
export class GetCommentsController {
  constructor(private readonly handler: GetCommentsHandler) {}

  @MessagePattern(GET_COMMENTS_SUBJECT)
  get(@Payload() request: ServiceRequest<GetCommentsParams>): Promise<CommentsResult> {
    return this.handler.handle(request);
  }
}
