import { Client } from 'pg';
import {
  REBUILD_COMMENTS_SUBJECT,
  REBUILD_FLAGS_SUBJECT,
  REBUILD_BUGS_SUBJECT,
  REBUILD_CATALOG_SUBJECT,
  REBUILD_IDENTITY_SUBJECT,
  DOMAIN_STREAM_TYPES,
} from '@tracker/contracts';
import type { Clock } from '@tracker/platform/command-handler';
import { createTempDatabase, describeWithServers, http, jsonCall, type TempDatabase } from '@tracker/testing';
import { TEST_ADMIN } from '../../support/admin';
import { startTrackerInProcess, type TrackerInProcess } from '../../support/tracker-with-overrides';
import { OLDER_SHAPES, rewriteToOlderShape, streamsKnowingOlderShapes } from './older-shapes';

/**
 * A v1 event of every stream type replays identically through every reader: the command
 * handler, the projections (the service's own and other services' subscriptions), the
 * bug history read from the stream, and a read-model rebuild.
 *
 * One installation is built over HTTP on a database of the real server (world X), then
 * copied (world Y). In the copy the events of OLDER_SHAPES are rewritten into their older
 * shape at schema version 1, as an older Tracker would have stored them, and Y runs with
 * stream types that know those shapes (version 2, with the upcaster). X and Y run on one
 * fixed clock, every read model of both is rebuilt from the log, and then every answer of
 * Y must equal X's: the reads, and a command on each stream with what it leaves behind.
 */
const SETUP_CLOCK: Clock = { now: () => new Date('2026-11-20T09:00:00Z') };
const REPLAY_CLOCK: Clock = { now: () => new Date('2026-11-21T10:30:00Z') };
const ANN = { login: 'ann@example.com', password: 'Ann-Pass-2026!' };
const ADMIN_HEADERS = { 'x-bugzilla-api-key': TEST_ADMIN.apiKey };

interface World {
  readonly tracker: TrackerInProcess;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Readonly<Record<string, string>>,
  ): Promise<{ status: number; body: unknown }>;
}

function worldOf(tracker: TrackerInProcess): World {
  return {
    tracker,
    call: async (method, path, body, headers = ADMIN_HEADERS) => {
      const response = await http(tracker.baseUrl, `/rest${path}`, jsonCall(method, body, headers));
      return { status: response.status, body: response.json() };
    },
  };
}

/** What the installation holds after the setup, by name. */
interface Installation {
  readonly annId: number;
  readonly annKey: string;
  readonly annKeyId: number;
  readonly annToken: string;
  readonly bugId: number;
  readonly commentId: number;
}

async function ok<T>(world: World, method: string, path: string, body?: unknown, headers?: Readonly<Record<string, string>>): Promise<T> {
  const response = await world.call(method, path, body, headers);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

/** At least one event of every type in OLDER_SHAPES, written by the services themselves. */
async function buildInstallation(world: World): Promise<Installation> {
  await ok(world, 'POST', '/group', { name: 'replayqa', description: 'Replay QA', is_active: true });
  const { id: annId } = await ok<{ id: number }>(world, 'POST', '/user', { email: ANN.login, full_name: 'Ann', password: ANN.password });
  await ok(world, 'PUT', `/user/${annId}`, { groups: { add: ['replayqa'] } });
  const { id: annKeyId, api_key: annKey } = await ok<{ id: number; api_key: string }>(world, 'POST', '/user/api_key', {
    user: ANN.login,
    description: 'ci',
  });
  const { token: annToken } = await ok<{ token: string }>(
    world,
    'GET',
    `/login?login=${ANN.login}&password=${ANN.password}`,
    undefined,
    {},
  );
  await ok(world, 'POST', '/classification', { name: 'Hardware', description: 'Boxes and cables' });
  await ok(world, 'POST', '/product', { name: 'Widgets', description: 'All about widgets', version: '1.0', classification: 'Hardware' });
  await ok(world, 'POST', '/component', { product: 'Widgets', name: 'Main', description: 'Main component', default_assignee: ANN.login });
  await ok(world, 'PUT', '/product/Widgets', { group_controls: [{ group: 'replayqa', membercontrol: 'Shown', othercontrol: 'NA' }] });
  await ok(world, 'POST', '/keyword', { name: 'replay', description: 'Replayed' });
  await ok(world, 'POST', '/field/bug', { name: 'cf_colour', display_name: 'Colour', type: 2 });
  await ok(world, 'POST', '/field/bug/cf_colour/values', { name: 'red' });
  const { id: bugId } = await ok<{ id: number }>(world, 'POST', '/bug', {
    product: 'Widgets',
    component: 'Main',
    version: '1.0',
    op_sys: 'All',
    platform: 'All',
    summary: 'Widget renders upside down',
    description: 'Open the app.',
    keywords: ['replay'],
    cc: [ANN.login],
    cf_colour: 'red',
  });
  await ok(world, 'PUT', `/bug/${bugId}`, { status: 'IN_PROGRESS', comment: { body: 'Taking it.' } });
  const { id: commentId } = await ok<{ id: number }>(world, 'POST', `/bug/${bugId}/comment`, { comment: 'Seen on Linux too.' });
  await ok(world, 'PUT', `/bug/comment/${commentId}/tags`, { add: ['obsolete', 'needinfo'] });
  const annHeaders = { 'x-bugzilla-api-key': annKey };
  await ok(world, 'PUT', `/bug/${bugId}/tags`, { add: ['mine', 'later'] }, annHeaders);
  await ok(world, 'POST', `/bug_user_last_visit/${bugId}`, {}, annHeaders);
  await ok(world, 'PUT', `/user/${annId}/mail_preferences`, { relationships: { CC: ['comment'] } }, annHeaders);
  await ok(world, 'PUT', `/user/${annId}/watch`, { add: [TEST_ADMIN.login] }, annHeaders);
  await ok(world, 'POST', '/flag_type', { name: 'replayflag', description: 'Replayed flag', target_type: 'bug', inclusions: ['Widgets'] });
  return { annId, annKey, annKeyId, annToken, bugId, commentId };
}

/** The answers of every read model and of the history, as the administrator and as Ann. */
async function reads(world: World, at: Installation): Promise<Record<string, unknown>> {
  const ann = { 'x-bugzilla-api-key': at.annKey };
  const paths: ReadonlyArray<[string, Readonly<Record<string, string>>]> = [
    [`/user?ids=${at.annId}`, ADMIN_HEADERS],
    ['/group?names=replayqa&membership=1', ADMIN_HEADERS],
    [`/user/api_key?user=${ANN.login}`, ADMIN_HEADERS],
    ['/whoami', ann],
    ['/whoami', { 'x-bugzilla-token': at.annToken }],
    ['/classification/Hardware', ADMIN_HEADERS],
    ['/product?names=Widgets', ADMIN_HEADERS],
    ['/product?names=Widgets&include_fields=name,_extra', ADMIN_HEADERS],
    ['/field/bug?names=cf_colour&names=bug_status&names=keywords', ADMIN_HEADERS],
    ['/workflow', ADMIN_HEADERS],
    [`/bug/${at.bugId}?include_fields=_all`, ann],
    [`/bug?product=Widgets&include_fields=id,summary,status,tags,keywords,cf_colour`, ann],
    ['/bug?tag=later&include_fields=id', ann],
    [`/bug/${at.bugId}/history`, ADMIN_HEADERS],
    [`/bug/${at.bugId}/comment`, ADMIN_HEADERS],
    ['/bug/comment/tags/ne', ADMIN_HEADERS],
    [`/bug_user_last_visit/${at.bugId}`, ann],
    ['/flag_type/Widgets/Main', ann],
    [`/user/${at.annId}/mail_preferences`, ann],
    [`/user/${at.annId}/watch`, ann],
  ];
  const answers: Record<string, unknown> = {};
  for (const [path, headers] of paths) {
    const response = await world.call('GET', path, undefined, headers);
    answers[`${path} ${Object.keys(headers).join()}`] = { status: response.status, body: response.body };
  }
  return answers;
}

/** The CommentAdded rows of a bug as the event store of a database holds them. */
async function storedCommentsAdded(
  database: TempDatabase,
  bugId: number,
): Promise<Array<{ schema_version: number; data: Record<string, unknown> }>> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const sql = `SELECT schema_version, data FROM eventstore.events WHERE type = 'CommentAdded' AND stream_name = $1 ORDER BY position`;
    return (await client.query<{ schema_version: number; data: Record<string, unknown> }>(sql, [`bug-${bugId}`])).rows;
  } finally {
    await client.end();
  }
}

async function rebuildEveryReadModel(world: World): Promise<void> {
  for (const subject of [
    REBUILD_IDENTITY_SUBJECT,
    REBUILD_CATALOG_SUBJECT,
    REBUILD_BUGS_SUBJECT,
    REBUILD_COMMENTS_SUBJECT,
    REBUILD_FLAGS_SUBJECT,
  ]) {
    await world.tracker.request(subject, {});
  }
}

describeWithServers(['postgres'], 'a v1 event of every stream type replays identically', () => {
  let current: TempDatabase | undefined;
  let older: TempDatabase | undefined;
  let x: World;
  let y: World;
  let installation: Installation;
  const rewritten = new Map<string, number>();

  beforeAll(async () => {
    current = await createTempDatabase('replay');
    const setup = worldOf(await startTrackerInProcess(current.url, { clock: SETUP_CLOCK }));
    try {
      installation = await buildInstallation(setup);
    } finally {
      await setup.tracker.stop();
    }
    older = await createTempDatabase('replay_older', current);
    const client = new Client({ connectionString: older.url });
    await client.connect();
    try {
      for (const shape of OLDER_SHAPES) {
        const { sql, parameters } = rewriteToOlderShape('eventstore', shape);
        rewritten.set(shape.eventType, (await client.query(sql, parameters)).rowCount ?? 0);
      }
      // the mailer has no rebuild message (its ledger must survive): its preferences and watch lists are projected again from the log here
      await client.query(`DELETE FROM mailer.mail_preferences`);
      await client.query(`DELETE FROM mailer.watches`);
      await client.query(`DELETE FROM mailer.projection_checkpoints WHERE name = 'mail-settings'`);
    } finally {
      await client.end();
    }
    x = worldOf(await startTrackerInProcess(current.url, { clock: REPLAY_CLOCK }));
    y = worldOf(await startTrackerInProcess(older.url, { clock: REPLAY_CLOCK, streams: streamsKnowingOlderShapes() }));
    await Promise.all([rebuildEveryReadModel(x), rebuildEveryReadModel(y)]);
  }, 240_000);

  afterAll(async () => {
    await x?.tracker.stop();
    await y?.tracker.stop();
    await current?.drop();
    await older?.drop();
  });

  it('covers every stream type of the services, and the copy holds each older shape', () => {
    // the platform's skip log is written by operators only; the read-model specs replay it
    const prefixes = [...new Set(OLDER_SHAPES.map((shape) => shape.streamPrefix))];
    expect(prefixes.sort()).toEqual(DOMAIN_STREAM_TYPES.map((type) => type.prefix).sort());
    for (const shape of OLDER_SHAPES) expect([shape.eventType, (rewritten.get(shape.eventType) ?? 0) > 0]).toEqual([shape.eventType, true]);
  });

  it('every read model rebuilt from the older shapes, and the history, answer as from the current ones', async () => {
    const expected = await reads(x, installation);
    expect(await reads(y, installation)).toEqual(expected);
    expect(Object.values(expected).every((answer) => (answer as { status: number }).status === 200)).toBe(true);
  });

  it('hands every reader the current shape, whatever was stored', async () => {
    const [stored] = await y.tracker.store.readStream('catalog-installation');
    const [created] = (await y.tracker.store.readStream(`user-${installation.annId}`)).filter((event) => event.type === 'UserCreated');
    expect([stored?.schemaVersion, stored?.data]).toEqual([2, { version: 1 }]);
    expect([created?.schemaVersion, created?.data]).toEqual([2, { userId: installation.annId, login: ANN.login, realName: 'Ann' }]);
  });

  it('stores the real version 1 of CommentAdded (no attachmentNote) in the copy, and reads it as version 2 with no note', async () => {
    const stored = await storedCommentsAdded(older as TempDatabase, installation.bugId);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => [row.schema_version, 'attachmentNote' in row.data])).toEqual(stored.map(() => [1, false]));
    const read = (await y.tracker.store.readStream(`bug-${installation.bugId}`)).filter((event) => event.type === 'CommentAdded');
    const current = (await x.tracker.store.readStream(`bug-${installation.bugId}`)).filter((event) => event.type === 'CommentAdded');
    expect(read.map((event) => [event.schemaVersion, event.data])).toEqual(current.map((event) => [2, event.data]));
    expect(read.map((event) => (event.data as { attachmentNote: unknown }).attachmentNote)).toEqual(stored.map(() => null));
  });

  /** A command on each stream type: decided on the state folded from the older shape. */
  const commands: ReadonlyArray<[string, (at: Installation) => [string, string, unknown, Record<string, string>?], number?]> = [
    ['user-', (at) => ['PUT', `/user/${at.annId}`, { full_name: 'Ann Example' }]],
    ['group-', () => ['PUT', '/group/replayqa', { description: 'Quality' }]],
    ['apikey-', (at) => ['PUT', `/user/api_key/${at.annKeyId}`, { description: 'laptop' }, { 'x-bugzilla-api-key': at.annKey }]],
    ['classification-', () => ['PUT', '/classification/Hardware', { description: 'Boxes' }]],
    ['product-', () => ['PUT', '/product/Widgets', { description: 'More widgets', group_controls: [{ group: 'replayqa', entry: true }] }]],
    ['keyword-', () => ['PUT', '/keyword/replay', { description: 'Replayed twice' }]],
    ['field-', () => ['PUT', '/field/bug/cf_colour', { display_name: 'Paint' }]],
    ['workflow', () => ['PUT', '/workflow', { duplicate_status: 'VERIFIED' }]],
    ['bug-', (at) => ['PUT', `/bug/${at.bugId}`, { status: 'RESOLVED', resolution: 'FIXED', comment: { body: 'Fixed.' } }]],
    // a comment's count and id follow the version-1 CommentAdded events folded before it
    ['bug- (CommentAdded)', (at) => ['POST', `/bug/${at.bugId}/comment`, { comment: 'Still upside down.' }], 201],
    ['usertags-', (at) => ['PUT', `/bug/${at.bugId}/tags`, { add: ['soon'], remove: ['later'] }, { 'x-bugzilla-api-key': at.annKey }]],
    ['lastvisit-', (at) => ['POST', `/bug_user_last_visit/${at.bugId}`, {}, { 'x-bugzilla-api-key': at.annKey }]],
    ['commenttags-', (at) => ['PUT', `/bug/comment/${at.commentId}/tags`, { add: ['spam'], remove: ['obsolete'] }]],
    ['logintoken-', (at) => ['GET', `/logout?token=${at.annToken}`, undefined, {}]],
    ['flagtype-', () => ['PUT', '/flag_type/replayflag', { description: 'Replayed again', sortkey: 3 }]],
    // the answer is the whole setting: CC's events come from the state folded from the older shape
    [
      'mailprefs-',
      (at) => [
        'PUT',
        `/user/${at.annId}/mail_preferences`,
        { relationships: { Reporter: ['comment'] } },
        { 'x-bugzilla-api-key': at.annKey },
      ],
    ],
    ['watch-', (at) => ['PUT', `/user/${at.annId}/watch`, { remove: [TEST_ADMIN.login] }, { 'x-bugzilla-api-key': at.annKey }]],
  ];

  it.each(commands)('a command on a %s stream decides alike and leaves the same reads behind', async (_prefix, command, status = 200) => {
    const [method, path, body, headers] = command(installation);
    const answers = await Promise.all([x, y].map((world) => world.call(method, path, body, headers)));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(status);
    expect(await reads(y, installation)).toEqual(await reads(x, installation));
  });
});
