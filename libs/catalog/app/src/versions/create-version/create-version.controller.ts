import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_VERSION_SUBJECT, type CreateVersionParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateVersionHandler } from './create-version.handler';

@Controller()
export class CreateVersionController {
  constructor(private readonly handler: CreateVersionHandler) {}

  @MessagePattern(CREATE_VERSION_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateVersionParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
