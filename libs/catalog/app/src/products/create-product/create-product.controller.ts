import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CREATE_PRODUCT_SUBJECT, type CreatedObject, type CreateProductParams, type ServiceRequest } from '@tracker/contracts';
import { CreateProductHandler } from './create-product.handler';

@Controller()
export class CreateProductController {
  constructor(private readonly handler: CreateProductHandler) {}

  @MessagePattern(CREATE_PRODUCT_SUBJECT)
  create(@Payload() request: ServiceRequest<CreateProductParams>): Promise<CreatedObject> {
    return this.handler.handle(request);
  }
}
