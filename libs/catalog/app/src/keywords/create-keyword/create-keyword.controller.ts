import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_KEYWORD_SUBJECT, type CreateKeywordParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateKeywordHandler } from './create-keyword.handler';

@Controller()
export class CreateKeywordController {
  constructor(private readonly handler: CreateKeywordHandler) {}

  @MessagePattern(CREATE_KEYWORD_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateKeywordParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
