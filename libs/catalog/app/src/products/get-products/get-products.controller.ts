import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GET_PRODUCTS_SUBJECT, type GetProductsParams, type GetProductsResult, type ServiceRequest } from '@tracker/contracts';
import { GetProductsHandler } from './get-products.handler';

@Controller()
export class GetProductsController {
  constructor(private readonly handler: GetProductsHandler) {}

  @MessagePattern(GET_PRODUCTS_SUBJECT)
  get(@Payload() request: ServiceRequest<GetProductsParams>): Promise<GetProductsResult> {
    return this.handler.handle(request);
  }
}
