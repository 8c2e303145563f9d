import { GENESIS_HASH } from './audit/event-hash';
import { CHECKPOINT_INTERVAL, checkpointsSchemaSql } from './audit/postgres-checkpoints.schema';

/**
 * The PostgreSQL event store's tables and its append function. An append is one call
 * of `append()`: it takes a transaction-level lock, checks the expected revision and
 * inserts, all in one round trip. The lock makes appends commit one after another, so
 * positions are handed out in commit order: a reader that has seen position N can never
 * later find a committed event below N (gap-safe checkpoints). It also links each event
 * into its stream's hash chain (audit/event-hash.ts).
 */
export function eventStoreSchemaSql(schema: string, checkpointInterval = CHECKPOINT_INTERVAL): string {
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

-- The hash chain (docs/audit.md): each stream's last hash sits beside its revision, so the
-- append reads it with the row it reads anyway. Events stored before the chain existed
-- (positions below audit_chain.since_position) carry no hash; every later one must.
-- (checked first: ALTER TABLE would lock the table on every start even when nothing changes)
DO $chain$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                 WHERE table_schema = ${literal(schema)} AND table_name = 'streams' AND column_name = 'last_hash') THEN
    ALTER TABLE ${s}.streams ADD COLUMN last_hash text;
  END IF;
END $chain$;
CREATE TABLE IF NOT EXISTS ${s}.audit_chain (since_position bigint NOT NULL);
-- events written without a hash after the chain began, by a process of the release before it (rolling upgrade)
CREATE TABLE IF NOT EXISTS ${s}.audit_unchained (position bigint PRIMARY KEY);
INSERT INTO ${s}.audit_chain (since_position)
  SELECT (SELECT coalesce(max(position), 0) + 1 FROM ${s}.events) WHERE NOT EXISTS (SELECT 1 FROM ${s}.audit_chain);
${checkpointsSchemaSql(s, checkpointInterval)}

CREATE OR REPLACE FUNCTION ${s}.append(p_stream text, p_expected bigint, p_events jsonb)
RETURNS TABLE (appended boolean, stream_revision bigint, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_current bigint;
  v_previous text;
  v_hash text;
  v_last bigint;
  v_event record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(${literal(`${schema}.append`)}));
  SELECT st.revision, st.last_hash INTO v_current, v_previous FROM ${s}.streams st WHERE st.stream_name = p_stream;
  v_current := coalesce(v_current, -1);
  -- p_expected: >= 0 exact revision, -1 no stream, -2 any, -3 stream exists
  IF (p_expected >= 0 AND v_current <> p_expected)
     OR (p_expected = -1 AND v_current <> -1)
     OR (p_expected = -3 AND v_current = -1) THEN
    RETURN QUERY SELECT false, v_current, NULL::bigint;
    RETURN;
  END IF;
  -- a stream whose events predate the chain (last_hash null) starts its chain at the genesis value too
  FOR v_event IN SELECT x.e, x.i FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, i) ORDER BY x.i LOOP
    IF v_event.e->>'contentHash' IS NULL THEN
      -- a process of the release before the chain, during a rolling upgrade: its event is
      -- stored unchained and listed as such, the stream's next event chains from the genesis
      -- value, so that release keeps writing until it is replaced
      INSERT INTO ${s}.events (event_id, stream_name, revision, type, schema_version, data, metadata)
      VALUES ((v_event.e->>'id')::uuid, p_stream, v_current + v_event.i, v_event.e->>'type', (v_event.e->>'schemaVersion')::integer,
              v_event.e->'data', v_event.e->'metadata')
      RETURNING position INTO v_last;
      INSERT INTO ${s}.audit_unchained (position) VALUES (v_last);
      v_previous := NULL;
      CONTINUE;
    END IF;
    v_previous := coalesce(v_previous, ${literal(GENESIS_HASH)});
    -- link = JSON.stringify([previousHash, streamName, revision, contentHash]), as linkHash() builds it
    v_hash := encode(sha256(convert_to(
      '[' || to_json(v_previous)::text || ',' || to_json(p_stream)::text || ',' || (v_current + v_event.i)::text
          || ',' || to_json(v_event.e->>'contentHash')::text || ']', 'UTF8')), 'hex');
    INSERT INTO ${s}.events (event_id, stream_name, revision, type, schema_version, data, metadata)
    VALUES ((v_event.e->>'id')::uuid, p_stream, v_current + v_event.i, v_event.e->>'type', (v_event.e->>'schemaVersion')::integer,
            v_event.e->'data', v_event.e->'metadata' || jsonb_build_object('hash', v_hash, 'previousHash', v_previous))
    RETURNING position INTO v_last;
    v_previous := v_hash;
  END LOOP;
  INSERT INTO ${s}.streams (stream_name, revision, last_hash)
  VALUES (p_stream, v_current + jsonb_array_length(p_events), v_previous)
  ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision, last_hash = EXCLUDED.last_hash;
  PERFORM ${s}.seal_checkpoints(v_last);
  PERFORM pg_notify(${literal(notificationChannel(schema))}, v_last::text);
  RETURN QUERY SELECT true, v_current + jsonb_array_length(p_events), v_last;
END
$fn$;

-- append() answering the events as stored (the rows a read of the log returns), so that this
-- process's subscriptions can take them without reading them back; append() stays for a
-- process of the release before, during a rolling upgrade
CREATE OR REPLACE FUNCTION ${s}.append_recorded(p_stream text, p_expected bigint, p_events jsonb)
RETURNS TABLE (appended boolean, stream_revision bigint, last_position bigint, e_position bigint, e_event_id uuid,
               e_revision bigint, e_type text, e_schema_version integer, e_data jsonb, e_metadata jsonb)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_result record;
BEGIN
  SELECT * INTO v_result FROM ${s}.append(p_stream, p_expected, p_events);
  IF NOT v_result.appended THEN
    RETURN QUERY SELECT false, v_result.stream_revision, NULL::bigint, NULL::bigint, NULL::uuid, NULL::bigint, NULL::text,
                        NULL::integer, NULL::jsonb, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY SELECT true, v_result.stream_revision, v_result.last_position, e.position, e.event_id, e.revision, e.type,
                      e.schema_version, e.data, e.metadata
    FROM ${s}.events e
    WHERE e.stream_name = p_stream AND e.revision > v_result.stream_revision - jsonb_array_length(p_events)
    ORDER BY e.revision;
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
