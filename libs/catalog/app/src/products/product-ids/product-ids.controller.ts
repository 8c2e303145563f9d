import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PRODUCT_IDS_SUBJECT, type ProductIdsParams, type ProductIdsResult, type ServiceRequest } from '@tracker/contracts';
import { ProductIdsHandler } from './product-ids.handler';

@Controller()
export class ProductIdsController {
  constructor(private readonly handler: ProductIdsHandler) {}

  @MessagePattern(PRODUCT_IDS_SUBJECT)
  ids(@Payload() request: ServiceRequest<ProductIdsParams>): Promise<ProductIdsResult> {
    return this.handler.handle(request);
  }
}
