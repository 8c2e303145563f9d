import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REBUILD_CATALOG_SUBJECT, type RebuildCatalogResult, type ServiceRequest } from '@tracker/contracts';
import { RebuildCatalogHandler } from './rebuild-catalog.handler';

@Controller()
export class RebuildCatalogController {
  constructor(private readonly handler: RebuildCatalogHandler) {}

  @MessagePattern(REBUILD_CATALOG_SUBJECT)
  rebuild(@Payload() request: ServiceRequest): Promise<RebuildCatalogResult> {
    return this.handler.handle(request);
  }
}
