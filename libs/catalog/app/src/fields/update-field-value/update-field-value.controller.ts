import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPDATE_FIELD_VALUE_SUBJECT, type UpdateFieldValueParams, type UpdateFieldValuesResult, type ServiceRequest } from '@tracker/contracts';
import { UpdateFieldValueHandler } from './update-field-value.handler';

@Controller()
export class UpdateFieldValueController {
  constructor(private readonly handler: UpdateFieldValueHandler) {}

  @MessagePattern(UPDATE_FIELD_VALUE_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateFieldValueParams>): Promise<UpdateFieldValuesResult> {
    return this.handler.handle(request);
  }
}
