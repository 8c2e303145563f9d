import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPDATE_VERSION_SUBJECT, type UpdateVersionParams, type UpdateVersionsResult, type ServiceRequest } from '@tracker/contracts';
import { UpdateVersionHandler } from './update-version.handler';

@Controller()
export class UpdateVersionController {
  constructor(private readonly handler: UpdateVersionHandler) {}

  @MessagePattern(UPDATE_VERSION_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateVersionParams>): Promise<UpdateVersionsResult> {
    return this.handler.handle(request);
  }
}
