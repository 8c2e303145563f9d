import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPDATE_FIELD_SUBJECT, type UpdateFieldParams, type UpdateFieldsResult, type ServiceRequest } from '@tracker/contracts';
import { UpdateFieldHandler } from './update-field.handler';

@Controller()
export class UpdateFieldController {
  constructor(private readonly handler: UpdateFieldHandler) {}

  @MessagePattern(UPDATE_FIELD_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateFieldParams>): Promise<UpdateFieldsResult> {
    return this.handler.handle(request);
  }
}
