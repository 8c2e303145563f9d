import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RebuildCatalogResult, ServiceRequest } from '@tracker/contracts';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { requireGroup } from '../access/require-group';

/**
 * Operators' rebuild (admin): drop the catalog schema, re-run its migrations, replay the
 * log, answer once caught up. The read model is disposable; the log is the truth.
 */
@Injectable()
export class RebuildCatalogHandler {
  private readonly logger = new Logger('CatalogRebuild');

  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  async handle(request: ServiceRequest): Promise<RebuildCatalogResult> {
    requireGroup(request.auth, 'admin', 'run', 'a rebuild of the catalog');
    const started = Date.now();
    await this.readModel.rebuild();
    await this.readModel.catchUp();
    const milliseconds = Date.now() - started;
    this.logger.log(`[${request.correlationId}] catalog read model rebuilt from the log in ${milliseconds} ms`);
    return { rebuilt: true, milliseconds };
  }
}
