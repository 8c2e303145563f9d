import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_LAST_VISIT_SUBJECT, type LastVisitParams, type LastVisitWire, type ServiceRequest, UPDATE_LAST_VISIT_SUBJECT } from '@tracker/contracts';
import { LastVisitHandler } from './last-visit.handler';

@Controller()
export class LastVisitController {
  constructor(private readonly handler: LastVisitHandler) {}

  @MessagePattern(UPDATE_LAST_VISIT_SUBJECT)
  update(@Payload() request: ServiceRequest<LastVisitParams>): Promise<LastVisitWire[]> {
    return this.handler.update(request);
  }

  @MessagePattern(GET_LAST_VISIT_SUBJECT)
  get(@Payload() request: ServiceRequest<LastVisitParams>): Promise<LastVisitWire[]> {
    return this.handler.get(request);
  }
}
