import type { DomainEvent } from '../../events/event-envelope';
import type { CatalogChange } from './change';

/** Events of a keyword stream (`keyword-<id>`); bugs keep keyword names from them. */
export const keywordStream = (id: number): string => `keyword-${id}`;

export type KeywordCreated = DomainEvent<
  'KeywordCreated',
  { readonly keywordId: number; readonly name: string; readonly description: string }
>;

export interface KeywordChanges {
  readonly name?: CatalogChange<string>;
  readonly description?: CatalogChange<string>;
}

/** `name` is the name after the change. */
export type KeywordUpdated = DomainEvent<
  'KeywordUpdated',
  { readonly keywordId: number; readonly name: string; readonly changes: KeywordChanges }
>;

export type KeywordEvent = KeywordCreated | KeywordUpdated;
