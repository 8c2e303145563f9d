import Fastify from 'fastify';
import { connect, JSONCodec } from 'nats';
import { Pool } from 'pg';

/**
 * The raw chain a Tracker read is compared with: bare Fastify, one raw `nats` request,
 * a responder running the equivalent SELECT on PostgreSQL, the rows back as JSON. One
 * process, like the standalone Tracker. Env: DATABASE_URL, NATS_URL, SUBJECT_PREFIX.
 * Prints its address.
 * - GET /bug/:id: the bug's document by primary key (what GET /rest/bug/{id} reads);
 * - GET /search?product=&status=&user=: id, summary and status of the first 50 bugs of a
 *   product in a status that user may see (Tracker's visibility rule, same rows and columns).
 */
const GET_BUG = 'SELECT doc FROM bugs.bugs WHERE id = $1';
const SEARCH = `SELECT json_build_object('id', b.id, 'status', b.status, 'summary', b.summary) AS bug FROM bugs.bugs b
  WHERE (b.group_ids <@ $2::int[] OR b.assignee_id = $1 OR b.qa_contact_id = $1
    OR (b.is_creator_accessible AND b.reporter_id = $1) OR (b.is_cc_accessible AND $1 = ANY(b.cc_ids)))
  AND b.product = ANY($3::text[]) AND b.status = ANY($4::text[]) ORDER BY b.id LIMIT 50`;

interface Query {
  readonly kind: 'bug' | 'search';
  readonly args: unknown[];
}

async function main(): Promise<void> {
  // idle connections let go within a second, so the loads measured after it find PostgreSQL's slots free
  const pool = new Pool({ connectionString: process.env['DATABASE_URL'], max: 32, idleTimeoutMillis: 1000 });
  const codec = JSONCodec<unknown>();
  const nats = await connect({ servers: process.env['NATS_URL'] });
  const subject = `${process.env['SUBJECT_PREFIX'] ?? 'raw-chain.'}query`;
  nats.subscribe(subject, {
    callback: (_error, message) => {
      const query = codec.decode(message.data) as Query;
      const sql = query.kind === 'bug' ? GET_BUG : SEARCH;
      pool.query(sql, query.args).then(
        (result) => message.respond(codec.encode(result.rows)),
        (error: unknown) => message.respond(codec.encode({ error: String(error) })),
      );
    },
  });
  await nats.flush();
  const ask = async (query: Query): Promise<unknown> =>
    codec.decode((await nats.request(subject, codec.encode(query), { timeout: 10_000 })).data);
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/bug/:id', async (request) => {
    const rows = (await ask({ kind: 'bug', args: [Number(request.params.id)] })) as Array<{ doc: unknown }>;
    return { bugs: rows.map((row) => row.doc) };
  });
  app.get<{ Querystring: { product: string; status: string; user: string } }>('/search', async (request) => {
    const { product, status, user } = request.query;
    const rows = (await ask({ kind: 'search', args: [Number(user), [], [product], [status]] })) as Array<{ bug: unknown }>;
    return { bugs: rows.map((row) => row.bug) };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.info(`listening ${address}`);
}

void main();
