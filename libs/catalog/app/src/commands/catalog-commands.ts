import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, CommandHandler, ServiceCommands } from '@tracker/platform/command-handler';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

export type CatalogSequence =
  | 'classification_ids'
  | 'product_ids'
  | 'component_ids'
  | 'version_ids'
  | 'milestone_ids'
  | 'keyword_ids'
  | 'field_ids'
  | 'field_value_ids'
  | 'status_ids';

/** What must be unique across streams, each guarded by its own lock namespace. */
export type CatalogLock = 'product-name' | 'classification-name' | 'keyword-name' | 'field-name' | 'install';

/** How the catalog's handlers change things (see ServiceCommands). */
@Injectable()
export class CatalogCommands extends ServiceCommands<CatalogSequence, CatalogLock> {
  constructor(handler: CommandHandler, @Inject(READ_MODEL) readModel: ReadModel, @Inject(CLOCK) clock: Clock) {
    super(handler, readModel, clock);
  }
}
