import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPDATE_CLASSIFICATION_SUBJECT, type UpdateClassificationParams, type UpdateClassificationsResult, type ServiceRequest } from '@tracker/contracts';
import { UpdateClassificationHandler } from './update-classification.handler';

@Controller()
export class UpdateClassificationController {
  constructor(private readonly handler: UpdateClassificationHandler) {}

  @MessagePattern(UPDATE_CLASSIFICATION_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateClassificationParams>): Promise<UpdateClassificationsResult> {
    return this.handler.handle(request);
  }
}
