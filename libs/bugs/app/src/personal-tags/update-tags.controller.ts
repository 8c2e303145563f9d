import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_TAGS_SUBJECT, type UpdateTagsParams, type UpdateTagsResult } from '@tracker/contracts';
import { UpdateTagsHandler } from './update-tags.handler';

@Controller()
export class UpdateTagsController {
  constructor(private readonly handler: UpdateTagsHandler) {}

  @MessagePattern(UPDATE_TAGS_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateTagsParams>): Promise<UpdateTagsResult> {
    return this.handler.handle(request);
  }
}
