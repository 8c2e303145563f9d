import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_FIELD_SUBJECT, type CreateFieldParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateFieldHandler } from './create-field.handler';

@Controller()
export class CreateFieldController {
  constructor(private readonly handler: CreateFieldHandler) {}

  @MessagePattern(CREATE_FIELD_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateFieldParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
