import type { EntityManager } from 'typeorm';
import {
  CLASSIFICATION_STREAM_PREFIX,
  type ClassificationEvent,
  FIELD_STREAM_PREFIX,
  type FieldEvent,
  KEYWORD_STREAM_PREFIX,
  type KeywordEvent,
  PRODUCT_STREAM_PREFIX,
  type ProductEvent,
  WORKFLOW_STREAM,
  type WorkflowEvent,
} from '@tracker/contracts';
import { domainEvent, type RecordedEvent } from '@tracker/platform/event-store';
import type { Projection } from '@tracker/platform/read-model';
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
  readonly streamPrefixes = [
    CLASSIFICATION_STREAM_PREFIX,
    PRODUCT_STREAM_PREFIX,
    KEYWORD_STREAM_PREFIX,
    FIELD_STREAM_PREFIX,
    WORKFLOW_STREAM,
  ];

  async apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const sql = sqlOn(manager);
    for (const recorded of events) {
      const stream = recorded.streamName;
      if (stream.startsWith(PRODUCT_STREAM_PREFIX)) await applyProductEvent(sql, manager, domainEvent<ProductEvent>(recorded));
      else if (stream.startsWith(FIELD_STREAM_PREFIX)) await applyFieldEvent(sql, manager, domainEvent<FieldEvent>(recorded));
      else if (stream.startsWith(CLASSIFICATION_STREAM_PREFIX))
        await applyClassificationEvent(sql, manager, domainEvent<ClassificationEvent>(recorded));
      else if (stream.startsWith(KEYWORD_STREAM_PREFIX)) await applyKeywordEvent(sql, manager, domainEvent<KeywordEvent>(recorded));
      else if (stream === WORKFLOW_STREAM) await applyWorkflowEvent(sql, manager, domainEvent<WorkflowEvent>(recorded));
    }
  }
}
