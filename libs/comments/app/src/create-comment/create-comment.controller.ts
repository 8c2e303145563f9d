import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_COMMENT_SUBJECT, type CreateCommentParams, type CreateCommentResult, type ServiceRequest } from '@tracker/contracts';
import { CreateCommentHandler } from './create-comment.handler';

@Controller()
export class CreateCommentController {
  constructor(private readonly handler: CreateCommentHandler) {}

  @MessagePattern(CREATE_COMMENT_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateCommentParams>): Promise<CreateCommentResult> {
    return this.handler.handle(request);
  }
}
