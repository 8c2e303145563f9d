import { Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';

/** The catalog service: its message handlers, read model and domain wiring. */
@Module({
  controllers: [healthController('catalog')],
})
export class CatalogModule {}
