import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_CLASSIFICATIONS_SUBJECT, type GetClassificationsParams, type GetClassificationsResult, type ServiceRequest } from '@tracker/contracts';
import { GetClassificationsHandler } from './get-classifications.handler';

@Controller()
export class GetClassificationsController {
  constructor(private readonly handler: GetClassificationsHandler) {}

  @MessagePattern(GET_CLASSIFICATIONS_SUBJECT)
  get(@Payload() request: ServiceRequest<GetClassificationsParams>): Promise<GetClassificationsResult> {
    return this.handler.handle(request);
  }
}
