import type { DomainEvent } from '../../events/event-envelope';
import { streamType } from '../../events/stream-type';
import type { CatalogChange } from './change';

/**
 * Events of a classification stream (`classification-<id>`). They carry names so that
 * other services can keep denormalised classification names up to date.
 */
export const CLASSIFICATION_STREAM_PREFIX = 'classification-';
export const classificationStream = (id: number): string => `${CLASSIFICATION_STREAM_PREFIX}${id}`;

export type ClassificationCreated = DomainEvent<
  'ClassificationCreated',
  { readonly classificationId: number; readonly name: string; readonly description: string; readonly sortKey: number }
>;

export interface ClassificationChanges {
  readonly name?: CatalogChange<string>;
  readonly description?: CatalogChange<string>;
  readonly sortKey?: CatalogChange<number>;
}

/** `name` is the name after the change. */
export type ClassificationUpdated = DomainEvent<
  'ClassificationUpdated',
  { readonly classificationId: number; readonly name: string; readonly changes: ClassificationChanges }
>;

export type ClassificationEvent = ClassificationCreated | ClassificationUpdated;

export const classificationStreamType = streamType<ClassificationEvent>(CLASSIFICATION_STREAM_PREFIX, {
  ClassificationCreated: [],
  ClassificationUpdated: [],
});
