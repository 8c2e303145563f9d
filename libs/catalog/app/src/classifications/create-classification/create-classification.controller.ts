import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_CLASSIFICATION_SUBJECT, type CreateClassificationParams, type CreatedObject, type ServiceRequest } from '@tracker/contracts';
import { CreateClassificationHandler } from './create-classification.handler';

@Controller()
export class CreateClassificationController {
  constructor(private readonly handler: CreateClassificationHandler) {}

  @MessagePattern(CREATE_CLASSIFICATION_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateClassificationParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
