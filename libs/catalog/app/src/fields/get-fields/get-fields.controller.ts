import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_FIELDS_SUBJECT, type GetFieldsParams, type GetFieldsResult, type ServiceRequest } from '@tracker/contracts';
import { GetFieldsHandler } from './get-fields.handler';

@Controller()
export class GetFieldsController {
  constructor(private readonly handler: GetFieldsHandler) {}

  @MessagePattern(GET_FIELDS_SUBJECT)
  get(@Payload() request: ServiceRequest<GetFieldsParams>): Promise<GetFieldsResult> {
    return this.handler.handle(request);
  }
}
