import { WORKFLOW_STREAM } from '@tracker/contracts';
import { classificationDecider, fieldDecider, keywordDecider, productDecider, workflowDecider } from '@tracker/catalog/domain';
import { toDomainEvent } from '@tracker/platform/command-handler';
import type { RecordedEvent } from '@tracker/platform/event-store';
import type { Projection } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';
import { applyFieldEvent } from './field-rows';
import { applyClassificationEvent, applyKeywordEvent } from './named-rows';
import { applyProductEvent } from './product-rows';
import { sqlOn } from './sql';
import { applyWorkflowEvent } from './workflow-rows';

/**
 * The catalog's one projection. Catalog changes are few and small, so events are applied
 * one by one in global order; one checkpoint keeps cross-stream reads (a product's
 * classification, a field's visibility values) consistent with each other.
 */
export class CatalogProjection implements Projection {
  readonly name = 'catalog';
  readonly streamPrefixes = ['classification-', 'product-', 'keyword-', 'field-', WORKFLOW_STREAM];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const sql = sqlOn(manager);
    // each stream's decider knows its event types (and would upcast older shapes)
    for (const recorded of events) {
      const stream = recorded.streamName;
      if (stream.startsWith('product-')) await applyProductEvent(sql, manager, toDomainEvent(productDecider, recorded));
      else if (stream.startsWith('field-')) await applyFieldEvent(sql, manager, toDomainEvent(fieldDecider, recorded));
      else if (stream.startsWith('classification-')) await applyClassificationEvent(sql, manager, toDomainEvent(classificationDecider, recorded));
      else if (stream.startsWith('keyword-')) await applyKeywordEvent(sql, manager, toDomainEvent(keywordDecider, recorded));
      else if (stream === WORKFLOW_STREAM) await applyWorkflowEvent(sql, manager, toDomainEvent(workflowDecider, recorded));
    }
  }
}
