import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BUG_HISTORY_SUBJECT, type BugHistoryParams, type BugHistoryResult, type ServiceRequest } from '@tracker/contracts';
import { BugHistoryHandler } from './bug-history.handler';

@Controller()
export class BugHistoryController {
  constructor(private readonly handler: BugHistoryHandler) {}

  @MessagePattern(BUG_HISTORY_SUBJECT)
  history(@Payload() request: ServiceRequest<BugHistoryParams>): Promise<BugHistoryResult> {
    return this.handler.handle(request);
  }
}
