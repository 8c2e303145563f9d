import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type BugRulesResult, RESOLVE_BUG_RULES_SUBJECT, type ResolveBugRulesParams, type ServiceRequest } from '@tracker/contracts';
import { ResolveBugRulesHandler } from './resolve-bug-rules.handler';

@Controller()
export class ResolveBugRulesController {
  constructor(private readonly handler: ResolveBugRulesHandler) {}

  @MessagePattern(RESOLVE_BUG_RULES_SUBJECT)
  resolve(@Payload() request: ServiceRequest<ResolveBugRulesParams>): Promise<BugRulesResult> {
    return this.handler.handle(request);
  }
}
