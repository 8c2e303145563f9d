import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_BUG_SUBJECT, type CreateBugParams, type CreateBugResult, type ServiceRequest } from '@tracker/contracts';
import { CreateBugHandler } from './create-bug.handler';

@Controller()
export class CreateBugController {
  constructor(private readonly handler: CreateBugHandler) {}

  @MessagePattern(CREATE_BUG_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateBugParams>): Promise<CreateBugResult> {
    return this.handler.handle(request);
  }
}
