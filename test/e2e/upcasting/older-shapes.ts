import { STREAM_TYPES, type StreamType, type Upcaster } from '@tracker/contracts';
import { EventStreams } from '@tracker/platform/event-store';

/**
 * No event of Tracker has changed its shape yet (every stream type is at version 1), so
 * the older shapes the replay test reads are made up for it: for one event type of each
 * stream type, a shape in which some keys had other names. That is the commonest change
 * an event goes through, and one every reader would misread if it saw the stored data.
 */
export interface OlderShape {
  readonly streamPrefix: string;
  readonly eventType: string;
  /** current key -> the key the older shape had */
  readonly renamed: Readonly<Record<string, string>>;
}

export const OLDER_SHAPES: readonly OlderShape[] = [
  { streamPrefix: 'user-', eventType: 'UserCreated', renamed: { realName: 'fullName' } },
  { streamPrefix: 'group-', eventType: 'GroupCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'apikey-', eventType: 'ApiKeyCreated', renamed: { description: 'label' } },
  { streamPrefix: 'logintoken-', eventType: 'LoginTokenIssued', renamed: { userId: 'user' } },
  { streamPrefix: 'classification-', eventType: 'ClassificationCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'product-', eventType: 'ProductCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'keyword-', eventType: 'KeywordCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'field-', eventType: 'FieldCreated', renamed: { displayName: 'label' } },
  { streamPrefix: 'workflow', eventType: 'StatusAdded', renamed: { isOpen: 'open' } },
  { streamPrefix: 'catalog-installation', eventType: 'CatalogInstalled', renamed: { version: 'plan' } },
  { streamPrefix: 'bug-', eventType: 'BugCreated', renamed: { fields: 'values', reporter: 'submitter' } },
  { streamPrefix: 'usertags-', eventType: 'BugTagsChanged', renamed: { added: 'tagged' } },
  { streamPrefix: 'lastvisit-', eventType: 'BugsVisited', renamed: { visitedAt: 'at' } },
  { streamPrefix: 'commenttags-', eventType: 'CommentTagsUpdated', renamed: { tags: 'list' } },
  { streamPrefix: 'flagtype-', eventType: 'FlagTypeCreated', renamed: { description: 'desc', sortKey: 'sortkey' } },
];

/** SQL that rewrites the stored events of a shape's type into the older shape, at schema version 1. */
export function rewriteToOlderShape(schema: string, shape: OlderShape): { sql: string; parameters: unknown[] } {
  const data = Object.entries(shape.renamed).reduce(
    (expression, [current, older]) => `((${expression}) - '${current}') || jsonb_build_object('${older}', data->'${current}')`,
    'data',
  );
  return {
    sql: `UPDATE ${schema}.events SET data = ${data}, schema_version = 1 WHERE type = $1 AND starts_with(stream_name, $2)`,
    parameters: [shape.eventType, shape.streamPrefix],
  };
}

/** The older shape's upcaster: renames the keys back. */
export function upcasterOf(shape: OlderShape): Upcaster {
  return (data) => {
    const older = { ...(data as Record<string, unknown>) };
    for (const [current, name] of Object.entries(shape.renamed)) {
      older[current] = older[name];
      delete older[name];
    }
    return older;
  };
}

/** Tracker's stream types as a version that knows the older shapes: each such event type at version 2. */
export function streamsKnowingOlderShapes(): EventStreams {
  return new EventStreams(
    STREAM_TYPES.map((type): StreamType => {
      const shapes = OLDER_SHAPES.filter((shape) => shape.streamPrefix === type.prefix);
      const events: Record<string, readonly Upcaster[]> = { ...type.events };
      for (const shape of shapes) events[shape.eventType] = [upcasterOf(shape)];
      return { prefix: type.prefix, events };
    }),
  );
}
