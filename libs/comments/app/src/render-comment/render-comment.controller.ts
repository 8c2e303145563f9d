import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RENDER_COMMENT_SUBJECT, type RenderCommentParams, type RenderCommentResult, type ServiceRequest } from '@tracker/contracts';
import { RenderCommentHandler } from './render-comment.handler';

@Controller()
export class RenderCommentController {
  constructor(private readonly handler: RenderCommentHandler) {}

  @MessagePattern(RENDER_COMMENT_SUBJECT)
  render(@Payload() request: ServiceRequest<RenderCommentParams>): Promise<RenderCommentResult> {
    return this.handler.handle(request);
  }
}
