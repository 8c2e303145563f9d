import type { DomainEvent } from '../../events/event-envelope';
import { streamType } from '../../events/stream-type';
import type { CatalogChange } from './change';

/** Events of a keyword stream (`keyword-<id>`); bugs keep keyword names from them. */
export const KEYWORD_STREAM_PREFIX = 'keyword-';
export const keywordStream = (id: number): string => `${KEYWORD_STREAM_PREFIX}${id}`;

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

export const keywordStreamType = streamType<KeywordEvent>(KEYWORD_STREAM_PREFIX, { KeywordCreated: [], KeywordUpdated: [] });
