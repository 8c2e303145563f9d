import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_BUGS_SUBJECT, type GetBugsParams, type GetBugsResult, type ServiceRequest } from '@tracker/contracts';
import { GetBugsHandler } from './get-bugs.handler';

@Controller()
export class GetBugsController {
  constructor(private readonly handler: GetBugsHandler) {}

  @MessagePattern(GET_BUGS_SUBJECT)
  get(@Payload() request: ServiceRequest<GetBugsParams>): Promise<GetBugsResult> {
    return this.handler.handle(request);
  }
}
