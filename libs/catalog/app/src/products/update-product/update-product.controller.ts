import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ServiceRequest, UPDATE_PRODUCT_SUBJECT, type UpdateProductParams, type UpdateProductsResult } from '@tracker/contracts';
import { UpdateProductHandler } from './update-product.handler';

@Controller()
export class UpdateProductController {
  constructor(private readonly handler: UpdateProductHandler) {}

  @MessagePattern(UPDATE_PRODUCT_SUBJECT)
  update(@Payload() request: ServiceRequest<UpdateProductParams>): Promise<UpdateProductsResult> {
    return this.handler.handle(request);
  }
}
