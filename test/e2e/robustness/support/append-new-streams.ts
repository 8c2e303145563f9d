import { Client } from 'pg';
import { appendPayloadOf, type NewEvent } from '@tracker/platform/event-store';
import type { SqlConnection } from '@tracker/platform/sql';

export interface NewStream {
  readonly streamName: string;
  readonly events: readonly NewEvent[];
}

/** Streams per statement: one round trip and one commit for each thousand. */
const STREAMS_PER_STATEMENT = 1000;

/**
 * Test data too large to append a stream at a time (10,000 bugs): new streams in few round
 * trips. Each statement calls the event store's own append function once per stream
 * (`eventstore.append`, postgres-event-store.schema.ts), which takes the append lock, checks
 * that the stream is new and chains the hashes, as `appendToStream` does; only the round
 * trips and commits are shared. A running Tracker learns of the events as of another
 * process's appends (a notification, or its next poll) and catches up in pages.
 */
export async function appendNewStreams(connection: SqlConnection, streams: readonly NewStream[]): Promise<void> {
  const client = new Client({ ...connection.poolConfig, application_name: 'e2e-bulk-append' });
  await client.connect();
  try {
    for (let from = 0; from < streams.length; from += STREAMS_PER_STATEMENT) {
      const chunk = streams.slice(from, from + STREAMS_PER_STATEMENT).map(({ streamName, events }) => ({
        streamName,
        events: events.map(appendPayloadOf),
      }));
      // -1: the stream must not exist yet (encodeExpected('no_stream'))
      const { rows } = await client.query<{ refused: string[] | null }>(
        `SELECT array_agg(s.stream->>'streamName') FILTER (WHERE NOT a.appended) AS refused
         FROM jsonb_array_elements($1::jsonb) AS s(stream)
         CROSS JOIN LATERAL eventstore.append(s.stream->>'streamName', -1, s.stream->'events') AS a`,
        [JSON.stringify(chunk)],
      );
      const refused = rows[0]?.refused ?? [];
      if (refused.length > 0) throw new Error(`streams already there: ${refused.slice(0, 5).join(', ')}`);
    }
  } finally {
    await client.end();
  }
}
