import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_COMPONENT_SUBJECT, type UpdateComponentParams, type UpdateComponentsResult } from '@tracker/contracts';
import { UpdateComponentHandler } from './update-component.handler';

@Controller()
export class UpdateComponentController {
  constructor(private readonly handler: UpdateComponentHandler) {}

  @MessagePattern(UPDATE_COMPONENT_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateComponentParams>): Promise<UpdateComponentsResult> {
    return this.handler.handle(request);
  }
}
