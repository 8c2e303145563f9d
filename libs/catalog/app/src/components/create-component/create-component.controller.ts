import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_COMPONENT_SUBJECT, type CreateComponentParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateComponentHandler } from './create-component.handler';

@Controller()
export class CreateComponentController {
  constructor(private readonly handler: CreateComponentHandler) {}

  @MessagePattern(CREATE_COMPONENT_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateComponentParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
