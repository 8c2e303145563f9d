import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BUG_ACCESS_SUBJECT, type BugAccessParams, type BugAccessResult, type ServiceRequest } from '@tracker/contracts';
import { BugAccessHandler } from './bug-access.handler';

@Controller()
export class BugAccessController {
  constructor(private readonly handler: BugAccessHandler) {}

  @MessagePattern(BUG_ACCESS_SUBJECT)
  access(@Payload() request: ServiceRequest<BugAccessParams>): Promise<BugAccessResult> {
    return this.handler.handle(request);
  }
}
