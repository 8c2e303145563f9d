import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_FIELD_VALUE_SUBJECT, type CreateFieldValueParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateFieldValueHandler } from './create-field-value.handler';

@Controller()
export class CreateFieldValueController {
  constructor(private readonly handler: CreateFieldValueHandler) {}

  @MessagePattern(CREATE_FIELD_VALUE_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateFieldValueParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
