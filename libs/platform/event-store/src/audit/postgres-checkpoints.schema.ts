import { GENESIS_HASH } from './event-hash';

/** Events per checkpoint of the global log, unless a test asks for fewer. Every process of an installation uses the same. */
export const CHECKPOINT_INTERVAL = 1000;

/**
 * Checkpoints over the global log (docs/audit.md): a row sealing the hashes of every
 * event in (after_position, position], chained to the checkpoint before. The append
 * function calls `seal_checkpoints` under its lock, after inserting: when its last
 * position reached the next multiple of the interval, it seals the range (one read of
 * the newest checkpoint per append; the range's hashes once per interval). Seals:
 *   hash = sha256hex(JSON.stringify([previousHash, position, [event hashes in position order]]))
 */
export function checkpointsSchemaSql(s: string, interval: number): string {
  if (!Number.isSafeInteger(interval) || interval < 1) throw new Error(`Invalid checkpoint interval ${interval}`);
  return `
CREATE TABLE IF NOT EXISTS ${s}.audit_checkpoints (
  position bigint PRIMARY KEY,
  after_position bigint NOT NULL,
  events integer NOT NULL,
  previous_hash text NOT NULL,
  hash text NOT NULL
);

CREATE OR REPLACE FUNCTION ${s}.seal_checkpoints(p_last bigint) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_after bigint;
  v_previous text;
  v_boundary bigint;
  v_hashes text;
  v_events integer;
BEGIN
  SELECT c.position, c.hash INTO v_after, v_previous FROM ${s}.audit_checkpoints c ORDER BY c.position DESC LIMIT 1;
  IF v_after IS NULL THEN
    -- the first checkpoint starts at the interval boundary below the chain's start: a log
    -- from before the chain is never scanned
    SELECT ((a.since_position - 1) / ${interval}) * ${interval} INTO v_after FROM ${s}.audit_chain a;
    v_after := coalesce(v_after, 0);
    v_previous := '${GENESIS_HASH}';
  END IF;
  v_boundary := (v_after / ${interval}) * ${interval} + ${interval};
  WHILE v_boundary <= p_last LOOP
    SELECT string_agg(to_json(e.metadata->>'hash')::text, ',' ORDER BY e.position), count(*)
      INTO v_hashes, v_events
      FROM ${s}.events e WHERE e.position > v_after AND e.position <= v_boundary AND e.metadata ? 'hash';
    INSERT INTO ${s}.audit_checkpoints (position, after_position, events, previous_hash, hash)
    VALUES (v_boundary, v_after, v_events, v_previous, encode(sha256(convert_to(
      '[' || to_json(v_previous)::text || ',' || v_boundary::text || ',[' || coalesce(v_hashes, '') || ']]', 'UTF8')), 'hex'))
    RETURNING hash INTO v_previous;
    v_after := v_boundary;
    v_boundary := v_boundary + ${interval};
  END LOOP;
END
$fn$;
`;
}
