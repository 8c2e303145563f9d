import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_BUGS_SUBJECT, type UpdateBugsParams, type UpdateBugsResult } from '@tracker/contracts';
import { UpdateBugsHandler } from './update-bugs.handler';

@Controller()
export class UpdateBugsController {
  constructor(private readonly handler: UpdateBugsHandler) {}

  @MessagePattern(UPDATE_BUGS_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateBugsParams>): Promise<UpdateBugsResult> {
    return this.handler.handle(request);
  }
}
