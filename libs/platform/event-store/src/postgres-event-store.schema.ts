/**
 * The PostgreSQL event store's tables and its append function. An append is one call
 * of `append()`: it takes a transaction-level lock, checks the expected revision and
 * inserts, all in one round trip. The lock makes appends commit one after another, so
 * positions are handed out in commit order: a reader that has seen position N can never
 * later find a committed event below N (gap-safe checkpoints).
 */
export function eventStoreSchemaSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE SCHEMA IF NOT EXISTS ${s};

CREATE TABLE IF NOT EXISTS ${s}.streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS ${s}.events (
  position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  stream_name text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_name, revision)
);

CREATE OR REPLACE FUNCTION ${s}.append(p_stream text, p_expected bigint, p_events jsonb)
RETURNS TABLE (appended boolean, stream_revision bigint, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_current bigint;
  v_last bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(${literal(`${schema}.append`)}));
  SELECT st.revision INTO v_current FROM ${s}.streams st WHERE st.stream_name = p_stream;
  v_current := coalesce(v_current, -1);
  -- p_expected: >= 0 exact revision, -1 no stream, -2 any, -3 stream exists
  IF (p_expected >= 0 AND v_current <> p_expected)
     OR (p_expected = -1 AND v_current <> -1)
     OR (p_expected = -3 AND v_current = -1) THEN
    RETURN QUERY SELECT false, v_current, NULL::bigint;
    RETURN;
  END IF;
  WITH inserted AS (
    INSERT INTO ${s}.events (event_id, stream_name, revision, type, schema_version, data, metadata)
    SELECT (x.e->>'id')::uuid, p_stream, v_current + x.i, x.e->>'type', (x.e->>'schemaVersion')::integer,
           x.e->'data', x.e->'metadata'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, i)
    ORDER BY x.i
    RETURNING position
  )
  SELECT max(inserted.position) INTO v_last FROM inserted;
  INSERT INTO ${s}.streams (stream_name, revision)
  VALUES (p_stream, v_current + jsonb_array_length(p_events))
  ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision;
  PERFORM pg_notify(${literal(notificationChannel(schema))}, v_last::text);
  RETURN QUERY SELECT true, v_current + jsonb_array_length(p_events), v_last;
END
$fn$;
`;
}

export function notificationChannel(schema: string): string {
  return `${schema}_appended`;
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return `"${name}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
