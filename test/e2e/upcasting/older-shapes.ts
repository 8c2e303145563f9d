import { STREAM_TYPES, type StreamType, type Upcaster } from '@tracker/contracts';
import { EventStreams } from '@tracker/platform/event-store';

/**
 * The older shapes the replay test reads, at least one event type per stream type. Where an event
 * really changed shape the case is the real one (`real`: SQL that turns the stored data
 * into version 1, read back by the event type's own upcasters). Elsewhere the shape is made
 * up for the test: a shape in which some keys had other names. That is the commonest
 * change an event goes through, and one every reader would misread if it saw the stored data.
 */
export interface OlderShape {
  readonly streamPrefix: string;
  readonly eventType: string;
  /** current key -> the key the older shape had (made-up shapes) */
  readonly renamed: Readonly<Record<string, string>>;
  /** a real older shape: the SQL expression of its data from the current `data` */
  readonly real?: string;
}

/** GroupControlChanged version 1: controls without `editcomponents` (added in version 2). */
const WITHOUT_EDITCOMPONENTS = `jsonb_set(jsonb_set(data,
  '{control}', CASE WHEN jsonb_typeof(data->'control') = 'object' THEN (data->'control') - 'editcomponents' ELSE 'null'::jsonb END),
  '{previous}', CASE WHEN jsonb_typeof(data->'previous') = 'object' THEN (data->'previous') - 'editcomponents' ELSE 'null'::jsonb END)`;

/** CommentAdded version 1: no `attachmentNote` (added in version 2, docs/attachments.md §5). */
const WITHOUT_ATTACHMENT_NOTE = `data - 'attachmentNote'`;

export const OLDER_SHAPES: readonly OlderShape[] = [
  { streamPrefix: 'user-', eventType: 'UserCreated', renamed: { realName: 'fullName' } },
  { streamPrefix: 'group-', eventType: 'GroupCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'apikey-', eventType: 'ApiKeyCreated', renamed: { description: 'label' } },
  { streamPrefix: 'logintoken-', eventType: 'LoginTokenIssued', renamed: { userId: 'user' } },
  { streamPrefix: 'classification-', eventType: 'ClassificationCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'product-', eventType: 'GroupControlChanged', renamed: {}, real: WITHOUT_EDITCOMPONENTS },
  { streamPrefix: 'keyword-', eventType: 'KeywordCreated', renamed: { description: 'desc' } },
  { streamPrefix: 'field-', eventType: 'FieldCreated', renamed: { displayName: 'label' } },
  { streamPrefix: 'workflow', eventType: 'StatusAdded', renamed: { isOpen: 'open' } },
  { streamPrefix: 'catalog-installation', eventType: 'CatalogInstalled', renamed: { version: 'plan' } },
  { streamPrefix: 'bug-', eventType: 'BugCreated', renamed: { fields: 'values', reporter: 'submitter' } },
  { streamPrefix: 'bug-', eventType: 'CommentAdded', renamed: {}, real: WITHOUT_ATTACHMENT_NOTE },
  { streamPrefix: 'usertags-', eventType: 'BugTagsChanged', renamed: { added: 'tagged' } },
  { streamPrefix: 'lastvisit-', eventType: 'BugsVisited', renamed: { visitedAt: 'at' } },
  { streamPrefix: 'commenttags-', eventType: 'CommentTagsUpdated', renamed: { tags: 'list' } },
  { streamPrefix: 'flagtype-', eventType: 'FlagTypeCreated', renamed: { description: 'desc', sortKey: 'sortkey' } },
  { streamPrefix: 'mailprefs-', eventType: 'MailPreferencesSet', renamed: { roles: 'relationships' } },
  { streamPrefix: 'watch-', eventType: 'WatchListSet', renamed: { watchedIds: 'watched' } },
];

/** SQL that rewrites the stored events of a shape's type into the older shape, at schema version 1. */
export function rewriteToOlderShape(schema: string, shape: OlderShape): { sql: string; parameters: unknown[] } {
  const data =
    shape.real ??
    Object.entries(shape.renamed).reduce(
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
      // a real older shape is read by the event type's own upcasters
      for (const shape of shapes) if (!shape.real) events[shape.eventType] = [upcasterOf(shape)];
      return { prefix: type.prefix, events };
    }),
  );
}
