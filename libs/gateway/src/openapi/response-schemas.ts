import type { JsonSchema } from './openapi-components';

/**
 * The result shapes the description names, for the main objects (contracts: bug.wire.ts,
 * comment.wire.ts, attachment.wire.ts; the contract's tables). Results are TypeScript types,
 * not schemas, so these are written here: the fields every client relies on, the others
 * left open (`additionalProperties`), as field filtering may remove any of them.
 * A route not listed answers "an object" (`{type: 'object'}`).
 */
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const int = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const time = { type: 'string', description: 'YYYY-MM-DDTHH:MM:SSZ' } as const;
const object = (properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: true,
});
const byId = (item: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: item });

export const RESULT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  Bug: object({
    id: int,
    alias: { type: 'array', items: text },
    summary: text,
    status: text,
    resolution: text,
    product: text,
    component: text,
  }),
  Comment: object({
    id: int,
    bug_id: int,
    attachment_id: { type: ['integer', 'null'] },
    count: int,
    text,
    raw_text: text,
    creator: text,
    time,
    creation_time: time,
    is_private: { type: 'boolean' },
    is_markdown: { type: 'boolean' },
  }),
  Attachment: object({
    id: int,
    bug_id: int,
    file_name: text,
    summary: text,
    content_type: text,
    is_private: { type: 'boolean' },
    is_obsolete: { type: 'boolean' },
    is_patch: { type: 'boolean' },
    creation_time: time,
    last_change_time: time,
    creator: text,
    size: int,
    data: { type: 'string', contentEncoding: 'base64' },
  }),
  Created: object({ id: int }, ['id']),
};

const bugs = object({ bugs: { type: 'array', items: ref('Bug') }, faults: { type: 'array' } }, ['bugs']);
const comments = object({ bugs: byId(object({ comments: { type: 'array', items: ref('Comment') } })), comments: byId(ref('Comment')) }, [
  'bugs',
  'comments',
]);
const attachments = object({ bugs: byId({ type: 'array', items: ref('Attachment') }), attachments: byId(ref('Attachment')) }, [
  'bugs',
  'attachments',
]);

/** By `METHOD path` as in the route table. */
export const ROUTE_RESULTS: Readonly<Record<string, JsonSchema>> = {
  'GET /version': object({ version: text }, ['version']),
  'GET /health': object({ status: { enum: ['ok', 'degraded'] }, services: byId({ enum: ['ok', 'not_ready', 'unavailable'] }) }, ['status']),
  'GET /login': object({ id: int, token: text }, ['id']),
  'GET /bug': bugs,
  'GET /bug/:id': bugs,
  'POST /bug': ref('Created'),
  'PUT /bug/:id': object({ bugs: { type: 'array', items: object({ id: int, last_change_time: time, changes: { type: 'object' } }) } }),
  'GET /bug/:id/comment': comments,
  'GET /bug/comment/:comment_id': comments,
  'POST /bug/:id/comment': ref('Created'),
  'POST /bug/:id/attachment': object({ ids: { type: 'array', items: int } }, ['ids']),
  'GET /bug/:id/attachment': attachments,
  'GET /bug/attachment/:attachment_id': attachments,
};
