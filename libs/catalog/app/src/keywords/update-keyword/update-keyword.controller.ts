import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPDATE_KEYWORD_SUBJECT, type UpdateKeywordParams, type UpdateKeywordsResult, type ServiceRequest } from '@tracker/contracts';
import { UpdateKeywordHandler } from './update-keyword.handler';

@Controller()
export class UpdateKeywordController {
  constructor(private readonly handler: UpdateKeywordHandler) {}

  @MessagePattern(UPDATE_KEYWORD_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateKeywordParams>): Promise<UpdateKeywordsResult> {
    return this.handler.handle(request);
  }
}
