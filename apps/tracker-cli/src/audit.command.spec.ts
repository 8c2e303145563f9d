import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { GENESIS_HASH, type NewEvent, PostgresEventStore, checkpointHash } from '@tracker/platform/event-store';
import { createTempDatabase, describeWithServers, type TempDatabase } from '@tracker/testing';
import { runAudit } from './audit.command';

const at = (second: number): string => `2026-11-22T10:00:${String(second).padStart(2, '0')}.000Z`;
const event = (type: string, data: Record<string, unknown>, actor: number | null, second: number): NewEvent => ({
  id: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { actor, occurredAt: at(second), correlationId: `corr-${second}`, causationId: `cause-${second}` },
});

/** Runs `tracker audit ...` against the database and returns its exit code and what it wrote. */
async function audit(client: Client, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runAudit(args, () => Promise.resolve(client), {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
  });
  return { code, out, err };
}

describeWithServers(['postgres'], 'tracker audit on the real PostgreSQL', () => {
  let database: TempDatabase;
  let store: PostgresEventStore;
  let client: Client;
  const bug = [
    event('BugCreated', { summary: 'Crash, "badly"\non save', description: { commentId: 500, text: 'boom' } }, 7, 1),
    event('CommentAdded', { bugId: 42, commentId: 501, text: 'me too' }, 8, 2),
    event('FlagsChanged', { flags: [{ name: 'review', status: '?' }] }, 7, 4),
  ];
  const tags = event('CommentTagsUpdated', { commentId: 501, tags: ['spam'] }, null, 3);
  const unrelated = ['A', 'B', 'C'].map((type, i) => event(type, { i }, 9, 10 + i));

  beforeAll(async () => {
    database = await createTempDatabase('audit_cli');
    store = await PostgresEventStore.create(database.connection);
    client = new Client({ connectionString: database.url });
    await client.connect();
    await store.appendToStream('bug-42', bug.slice(0, 2), { expectedRevision: 'no_stream' });
    await store.appendToStream('commenttags-501', [tags], { expectedRevision: 'no_stream' });
    await store.appendToStream('bug-4', unrelated, { expectedRevision: 'no_stream' });
    await store.appendToStream('bug-42', bug.slice(2), { expectedRevision: 1 });
  });
  afterAll(async () => {
    await client?.end();
    await store?.close();
    await database?.drop();
  });

  it('exports every event of the bug streams in log order, with actor, time, correlation id and the chain, as JSONL', async () => {
    const { code, out } = await audit(client, 'export', '--bug', '42', '--format', 'jsonl');
    expect(code).toBe(0);
    const records = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => [r['stream'], r['revision'], r['type'], r['actor'], r['occurredAt'], r['correlationId']])).toEqual([
      ['bug-42', 0, 'BugCreated', 7, at(1), 'corr-1'],
      ['bug-42', 1, 'CommentAdded', 8, at(2), 'corr-2'],
      ['commenttags-501', 0, 'CommentTagsUpdated', null, at(3), 'corr-3'],
      ['bug-42', 2, 'FlagsChanged', 7, at(4), 'corr-4'],
    ]);
    expect(records.map((r) => r['eventId'])).toEqual([bug[0]!.id, bug[1]!.id, tags.id, bug[2]!.id]);
    const stored = await client.query<{ event_id: string; hash: string; previous: string; position: string }>(
      `SELECT event_id, metadata->>'hash' AS hash, metadata->>'previousHash' AS previous, position::text FROM eventstore.events ORDER BY position`,
    );
    const byId = new Map(stored.rows.map((row) => [row.event_id, row]));
    for (const record of records) {
      const row = byId.get(record['eventId'] as string);
      expect([record['hash'], record['previousHash'], record['position']]).toEqual([row?.hash, row?.previous, row?.position]);
    }
    expect(records.map((r) => r['previousHash'])).toEqual([GENESIS_HASH, records[0]!['hash'], GENESIS_HASH, records[1]!['hash']]);
    expect(records[0]!['data']).toEqual(bug[0]!.data);

    // offline: the export alone verifies, and an edit of the file is named
    const file = join(await mkdtemp(join(tmpdir(), 'audit-')), 'bug-42.jsonl');
    await writeFile(file, out);
    expect(await audit(client, 'verify', '--file', file)).toMatchObject({
      code: 0,
      out: 'audit verify: intact: 4 events in 2 streams, 0 without a hash from before the chain (position 1) or an older release, 0 checkpoints\n',
    });
    await writeFile(file, out.replace('me too', 'not me'));
    const edited = await audit(client, 'verify', '--file', file);
    expect(edited.code).toBe(1);
    expect(edited.out).toContain(
      `BROKEN: the hash does not match the event content (edited after it was written)\n  stream:   bug-42\n  revision: 1\n`,
    );
    expect(edited.out).toContain(`  event:    ${bug[1]!.id}\n`);
  });

  it('exports CSV with a header, CRLF rows and RFC 4180 quoting of commas, quotes and line breaks', async () => {
    const { code, out } = await audit(client, 'export', '--bug', '42', '--format', 'csv');
    expect(code).toBe(0);
    const lines = out.split('\r\n');
    expect(lines[0]).toBe(
      'position,stream,revision,eventId,type,schemaVersion,actor,occurredAt,correlationId,causationId,previousHash,hash,data,metadata',
    );
    expect(lines).toHaveLength(6); // header, four events, and the empty string after the last CRLF
    const [jsonl] = (await audit(client, 'export', '--bug', '42', '--format', 'jsonl')).out.split('\n');
    const first = JSON.parse(jsonl!) as { position: string; eventId: string; hash: string };
    expect(lines[1]).toBe(
      [first.position, 'bug-42', '0', first.eventId, 'BugCreated', '1', '7', at(1), 'corr-1', 'cause-1', GENESIS_HASH, first.hash].join(
        ',',
      ) +
        ',"{""description"":{""commentId"":500,""text"":""boom""},""summary"":""Crash, \\""badly\\""\\non save""}"' +
        `,"{""actor"":7,""causationId"":""cause-1"",""correlationId"":""corr-1"",""hash"":""${first.hash}"",""occurredAt"":""${at(1)}"",""previousHash"":""${GENESIS_HASH}""}"`,
    );
    expect(lines[3]).toContain(',CommentTagsUpdated,1,,'); // the system actor is an empty field
  });

  it('refuses a bad command line and says so for a bug without events', async () => {
    await expect(audit(client, 'export', '--bug', 'x42', '--format', 'csv')).rejects.toThrow('--bug needs a bug id');
    await expect(audit(client, 'export', '--bug', '42', '--format', 'xml')).rejects.toThrow('--format must be jsonl or csv');
    await expect(audit(client, 'shred')).rejects.toThrow("unknown audit command 'shred'");
    expect(await audit(client, 'export', '--bug', '43', '--format', 'jsonl')).toEqual({
      code: 1,
      out: '',
      err: 'audit export: bug 43 has no events\n',
    });
  });

  it('finds an intact log intact, then names an event deleted and an event edited behind the system back', async () => {
    const intact = await audit(client, 'verify');
    expect(intact).toMatchObject({
      code: 0,
      out: 'audit verify: intact: 7 events in 3 streams, 0 without a hash from before the chain (position 1) or an older release, 0 checkpoints\n',
    });

    const deleted = unrelated[1]!;
    const gone = await client.query<{ position: string }>('DELETE FROM eventstore.events WHERE event_id = $1 RETURNING position::text', [
      deleted.id,
    ]);
    const next = await client.query<{ position: string }>('SELECT position::text FROM eventstore.events WHERE event_id = $1', [
      unrelated[2]!.id,
    ]);
    const afterDelete = await audit(client, 'verify', '--stream', 'bug-4');
    expect(afterDelete.code).toBe(1);
    expect(afterDelete.out).toContain('BROKEN: events are missing (deleted) before this one');
    expect(afterDelete.out).toContain(
      `  stream:   bug-4\n  revision: 2\n  position: ${next.rows[0]!.position}\n  event:    ${unrelated[2]!.id}\n`,
    );
    expect(afterDelete.out).toContain('  expected: revision 1\n  found:    revision 2\n');
    expect(gone.rows).toHaveLength(1);

    const edited = bug[1]!;
    const { rows } = await client.query<{ position: string; hash: string }>(
      `UPDATE eventstore.events SET data = jsonb_set(data, '{text}', '"I never said that"') WHERE event_id = $1 RETURNING position::text, metadata->>'hash' AS hash`,
      [edited.id],
    );
    const afterEdit = await audit(client, 'verify', '--stream', 'bug-42');
    expect(afterEdit.code).toBe(1);
    expect(afterEdit.out).toContain('BROKEN: the hash does not match the event content (edited after it was written)');
    expect(afterEdit.out).toContain(`  stream:   bug-42\n  revision: 1\n  position: ${rows[0]!.position}\n  event:    ${edited.id}\n`);
    expect(afterEdit.out).toMatch(new RegExp(`  expected: (?!${rows[0]!.hash})[0-9a-f]{64}\\n  found:    ${rows[0]!.hash}\\n`));

    // the whole log stops at the first break in log order: the edit (bug-42 revision 1) comes before the deletion
    const whole = await audit(client, 'verify');
    expect(whole.code).toBe(1);
    expect(whole.out).toContain(`  event:    ${edited.id}\n`);
  });

  it('reports the newest event of a stream deleted, against the revision the stream says it reached', async () => {
    await client.query('DELETE FROM eventstore.events WHERE event_id = $1', [tags.id]);
    const { code, out } = await audit(client, 'verify', '--stream', 'commenttags-501');
    expect(code).toBe(1);
    expect(out).toContain('  stream:   commenttags-501\n  revision: 0\n  position: (after the last stored event)\n');
    expect(out).toContain('  expected: revision 0\n  found:    revision -1\n');
  });

  it('accepts the events of a log written before the chain and an older release events during the rollout, and no other unhashed event', async () => {
    const old = await createTempDatabase('audit_legacy');
    const oldClient = new Client({ connectionString: old.url });
    await oldClient.connect();
    try {
      const before = await PostgresEventStore.create(old.connection);
      await before.appendToStream('bug-1', [event('BugCreated', {}, 1, 1), event('BugUpdated', {}, 1, 2)], {
        expectedRevision: 'no_stream',
      });
      await before.appendToStream('bug-2', [event('BugCreated', {}, 1, 3)], { expectedRevision: 'no_stream' });
      await before.close();
      // the tables as a release without the chain left them
      await oldClient.query(`UPDATE eventstore.events SET metadata = metadata - 'hash' - 'previousHash'`);
      await oldClient.query('ALTER TABLE eventstore.streams DROP COLUMN last_hash; DROP TABLE eventstore.audit_chain');

      const upgraded = await PostgresEventStore.create(old.connection);
      await upgraded.appendToStream('bug-1', [event('BugUpdated', {}, 1, 4)], { expectedRevision: 1 });
      // a process of the old release, still running during the rollout, calls the append function without a content hash
      const oldWriter = event('BugUpdated', { by: 'old release' }, 1, 5);
      await oldClient.query('SELECT * FROM eventstore.append($1, 0, $2::jsonb)', ['bug-2', JSON.stringify([oldWriter])]);
      await upgraded.appendToStream('bug-2', [event('BugUpdated', {}, 1, 6)], { expectedRevision: 1 });
      const [chained] = (await upgraded.readStream('bug-1')).slice(-1);
      const bug2 = await upgraded.readStream('bug-2');
      await upgraded.close();
      expect(chained?.metadata.previousHash).toBe(GENESIS_HASH);
      expect(bug2.map((e) => [e.position, e.metadata.previousHash === GENESIS_HASH, e.metadata.hash === undefined])).toEqual([
        [3n, false, true],
        [5n, false, true],
        [6n, true, false],
      ]);
      expect(await audit(oldClient, 'verify')).toMatchObject({
        code: 0,
        out: 'audit verify: intact: 6 events in 2 streams, 4 without a hash from before the chain (position 4) or an older release, 0 checkpoints\n',
      });

      await oldClient.query(`UPDATE eventstore.events SET metadata = metadata - 'hash' - 'previousHash' WHERE position = 4`);
      const stripped = await audit(oldClient, 'verify');
      expect(stripped.code).toBe(1);
      expect(stripped.out).toContain(
        'BROKEN: the event carries no hash although it was stored after the chain began\n  stream:   bug-1\n  revision: 2\n  position: 4\n',
      );
    } finally {
      await oldClient.end();
      await old.drop();
    }
  });

  it('seals the global log in checkpoints, which catch a stream tail deleted with its revision put back', async () => {
    const sealed = await createTempDatabase('audit_checkpoints');
    const sealedClient = new Client({ connectionString: sealed.url });
    await sealedClient.connect();
    const sealing = await PostgresEventStore.create(sealed.connection, { checkpointInterval: 3 });
    try {
      await sealing.appendToStream('s-1', [event('A', {}, 1, 1), event('B', {}, 1, 2)], { expectedRevision: 'no_stream' });
      await sealing.appendToStream('s-2', [event('C', {}, 1, 3)], { expectedRevision: 'no_stream' });
      await sealing.appendToStream('s-1', [event('D', {}, 1, 4)], { expectedRevision: 1 });
      await sealing.appendToStream('s-2', [event('E', {}, 1, 5), event('F', {}, 1, 6)], { expectedRevision: 0 });
      await sealing.appendToStream('s-3', [event('G', {}, 1, 7)], { expectedRevision: 'no_stream' });
      const hashes = (
        await sealedClient.query<{ hash: string }>(`SELECT metadata->>'hash' AS hash FROM eventstore.events ORDER BY position`)
      ).rows.map((row) => row.hash);
      const { rows } = await sealedClient.query<{
        position: string;
        after_position: string;
        events: number;
        previous_hash: string;
        hash: string;
      }>('SELECT position::text, after_position::text, events, previous_hash, hash FROM eventstore.audit_checkpoints ORDER BY position');
      const first = checkpointHash(GENESIS_HASH, 3n, hashes.slice(0, 3));
      expect(rows).toEqual([
        { position: '3', after_position: '0', events: 3, previous_hash: GENESIS_HASH, hash: first },
        { position: '6', after_position: '3', events: 3, previous_hash: first, hash: checkpointHash(first, 6n, hashes.slice(3, 6)) },
      ]);
      expect((await audit(sealedClient, 'verify')).out).toBe(
        'audit verify: intact: 7 events in 3 streams, 0 without a hash from before the chain (position 1) or an older release, 2 checkpoints\n',
      );

      // the stream chains cannot see this: s-2 ends intact at revision 1 after it
      await sealedClient.query('DELETE FROM eventstore.events WHERE position = 6');
      await sealedClient.query(`UPDATE eventstore.streams SET revision = 1, last_hash = $1 WHERE stream_name = 's-2'`, [hashes[4]]);
      expect((await audit(sealedClient, 'verify', '--stream', 's-2')).code).toBe(0);
      const whole = await audit(sealedClient, 'verify');
      expect(whole.code).toBe(1);
      expect(whole.out).toContain('BROKEN: the events up to this checkpoint of the global log are not those it sealed');
      expect(whole.out).toContain(
        `  position: 6\n  event:    (none: a checkpoint)\n  expected: ${checkpointHash(first, 6n, hashes.slice(3, 5))}\n`,
      );
      expect(whole.out).toContain(`  found:    ${rows[1]!.hash}\n`);
    } finally {
      await sealing.close();
      await sealedClient.end();
      await sealed.drop();
    }
  });
});
