import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADD_COMMENT_SUBJECT, type AddCommentParams, type AddCommentResult, type ServiceRequest } from '@tracker/contracts';
import { AddCommentHandler } from './add-comment.handler';

@Controller()
export class AddCommentController {
  constructor(private readonly handler: AddCommentHandler) {}

  @MessagePattern(ADD_COMMENT_SUBJECT)
  add(@Payload() request: ServiceRequest<AddCommentParams>): Promise<AddCommentResult> {
    return this.handler.handle(request);
  }
}
