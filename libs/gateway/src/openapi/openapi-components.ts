/**
 * The parts of the OpenAPI description every operation shares: the credential spellings
 * as security schemes (wire/credentials.ts; the X-TRACKER-* headers and Tracker_* parameters
 * are accepted too and said so in the descriptions), the field-selection parameters and the
 * error envelope.
 */
export type JsonSchema = Readonly<Record<string, unknown>>;

const apiKey = (where: 'header' | 'query', name: string, description: string): JsonSchema => ({
  type: 'apiKey',
  in: where,
  name,
  description,
});

export const SECURITY_SCHEMES: Readonly<Record<string, JsonSchema>> = {
  apiKeyHeader: apiKey('header', 'X-BUGZILLA-API-KEY', 'An API key (also X-TRACKER-API-KEY).'),
  apiKeyParam: apiKey('query', 'Bugzilla_api_key', 'An API key as a parameter, in the query or the body (also Tracker_api_key, api_key).'),
  bearer: { type: 'http', scheme: 'bearer', description: 'An API key as `Authorization: Bearer <key>`.' },
  tokenHeader: apiKey('header', 'X-BUGZILLA-TOKEN', 'A login token from GET /login (also X-TRACKER-TOKEN).'),
  tokenParam: apiKey('query', 'Bugzilla_token', 'A login token as a parameter (also Tracker_token, token).'),
  loginHeader: apiKey('header', 'X-BUGZILLA-LOGIN', 'A login, with X-BUGZILLA-PASSWORD (also X-TRACKER-LOGIN).'),
  passwordHeader: apiKey('header', 'X-BUGZILLA-PASSWORD', 'The password of X-BUGZILLA-LOGIN (also X-TRACKER-PASSWORD).'),
  loginParam: apiKey('query', 'Bugzilla_login', 'A login, with Bugzilla_password (also Tracker_login).'),
  passwordParam: apiKey('query', 'Bugzilla_password', 'The password of Bugzilla_login (also Tracker_password).'),
};

/**
 * Credentials are optional (`{}`: logged out) and, when given, must be valid; login and
 * password go together. Login-exempt routes (`credentials: 'ignored'`) have none.
 */
export const OPTIONAL_CREDENTIALS: readonly JsonSchema[] = [
  {},
  { apiKeyHeader: [] },
  { apiKeyParam: [] },
  { bearer: [] },
  { tokenHeader: [] },
  { tokenParam: [] },
  { loginHeader: [], passwordHeader: [] },
  { loginParam: [], passwordParam: [] },
];

const fieldList = (description: string): JsonSchema => ({
  in: 'query',
  required: false,
  description,
  style: 'form',
  explode: true,
  schema: { type: 'array', items: { type: 'string' } },
});

export const COMMON_PARAMETERS: Readonly<Record<string, JsonSchema>> = {
  include_fields: {
    name: 'include_fields',
    ...fieldList('Only these fields of each object (comma-separated or repeated; `_default`, `_all`, `_custom`).'),
  },
  exclude_fields: { name: 'exclude_fields', ...fieldList('Every field but these (wins over include_fields).') },
};

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: "Every refusal and failure: Bugzilla's error code and message, with the HTTP status the code maps to.",
  required: ['error', 'code', 'message'],
  properties: {
    error: { const: true },
    code: { type: 'integer', description: "Bugzilla's error code (32614: no such resource; 32000: a bad request)." },
    message: { type: 'string' },
    documentation: { type: 'string', format: 'uri' },
  },
};
