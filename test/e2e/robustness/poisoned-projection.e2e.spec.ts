import { randomUUID } from 'node:crypto';
import { groupStream } from '@tracker/contracts';
import type { EventStore } from '@tracker/platform/event-store';
import { sleep } from '@tracker/testing';
import { describeInBothModes } from '../../support/modes';
import { ADMIN, ANONYMOUS, type Caller, TrackerWorld, errorOf } from '../../support/world';

interface Health {
  readonly status: string;
  readonly services: Record<string, string>;
  readonly problems?: ReadonlyArray<Record<string, string>>;
}

/**
 * Issue 13, item 2: an event in the log that a projection cannot apply (here the issue's
 * own, a group whose 1 MB name no index row can hold, appended straight to the event
 * store as a bug of an earlier release could have) is reported once, makes the service
 * not ready, and its writes are refused before anything is appended; reads go on, a
 * restart on the same data starts at once, and an administrator's skip repairs it.
 */
describeInBothModes('a projection that cannot apply an event', (tracker) => {
  const world = new TrackerWorld(() => tracker().baseUrl);
  const groupId = 900_000 + Math.floor(Math.random() * 90_000);
  let store: EventStore;
  let alice: Caller;
  let position = '';

  const health = async (): Promise<Health> => (await world.call(ANONYMOUS, 'GET', '/health')).json<Health>();
  const refusal = (): string =>
    `The identity service is not accepting changes: it could not apply a recorded change (event ${position}, GroupCreated of ${groupStream(groupId)}) ` +
    'and waits for an administrator (GET /rest/health tells more). Nothing was changed; please try again later.';

  beforeAll(async () => {
    alice = await world.user('alice', [], 'Alice Before');
    store = await tracker().eventStore();
    const appended = await store.appendToStream(
      groupStream(groupId),
      [
        {
          type: 'GroupCreated',
          data: {
            groupId,
            name: 'g'.repeat(1_000_000),
            description: 'poison',
            isBugGroup: true,
            userRegexp: '',
            isActive: true,
            iconUrl: null,
            memberGroupIds: [],
            blessGroupIds: [],
          },
          schemaVersion: 1,
          metadata: { actor: 1, occurredAt: new Date().toISOString(), correlationId: `e2e-${randomUUID()}`, causationId: 'e2e' },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    position = appended.position.toString();
  }, 60_000);

  it('reports it in the health answer: identity is not ready, with the event and the error', async () => {
    let answer = await health();
    for (
      const deadline = Date.now() + 20_000;
      answer.services['identity'] !== 'not_ready' && Date.now() < deadline;
      answer = await health()
    ) {
      await sleep(200);
    }
    expect(answer).toEqual({
      status: 'degraded',
      services: { identity: 'not_ready', catalog: 'ok', bugs: 'ok', comments: 'ok', flags: 'ok', mailer: 'ok' },
      problems: [
        {
          service: 'identity',
          projection: 'identity',
          stream: groupStream(groupId),
          position,
          event_type: 'GroupCreated',
          event_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
          error: expect.stringMatching(/^index row requires \d+ bytes, maximum size is 8191$/) as string,
          since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
      ],
    });
  }, 30_000);

  it("refuses identity's writes with 503 before appending anything", async () => {
    const identityStreams = ['user-', 'group-', 'apikey-', 'logintoken-'];
    store = await tracker().eventStore();
    const before = await store.lastPosition(identityStreams);
    const created = await world.call(ADMIN, 'POST', '/group', { name: `after-${world.suffix}`, description: 'refused' });
    expect(errorOf(created)).toEqual({ status: 503, code: 100503, message: refusal() });
    expect(created.headers['retry-after']).toBe('10');
    const renamed = await world.call(ADMIN, 'PUT', `/user/${encodeURIComponent(alice.login)}`, { full_name: 'Alice After' });
    expect(errorOf(renamed)).toEqual({ status: 503, code: 100503, message: refusal() });
    const key = await world.call(alice, 'POST', '/user/api_key', { description: 'refused too' });
    expect(errorOf(key).status).toBe(503);
    expect(await store.lastPosition(identityStreams)).toBe(before);
  });

  it('keeps serving reads: users, groups, authentication, and the other services', async () => {
    const users = await world.ok<{ users: Array<{ name: string; real_name: string }> }>(
      ADMIN,
      'GET',
      `/user?names=${encodeURIComponent(alice.login)}`,
    );
    expect(users.users.map((user) => [user.name, user.real_name])).toEqual([[alice.login, 'Alice Before']]);
    expect(await world.ok(alice, 'GET', '/whoami')).toMatchObject({ name: alice.login, real_name: 'Alice Before' });
    const groups = await world.ok<{ groups: Array<{ name: string }> }>(ADMIN, 'GET', '/group?names=admin');
    expect(groups.groups.map((group) => group.name)).toEqual(['admin']);
    const products = await world.ok<{ products: Array<{ name: string }> }>(
      ANONYMOUS,
      'GET',
      '/product?names=TestProduct&include_fields=name',
    );
    expect(products.products).toEqual([{ name: 'TestProduct' }]);
  });

  it('starts again on the same data at once, saying what is wrong and serving what it can', async () => {
    const started = Date.now();
    await tracker().restart();
    expect(Date.now() - started).toBeLessThan(60_000);
    const answer = await health();
    expect(answer.services['identity']).toBe('not_ready');
    expect(answer.problems?.map((problem) => [problem['stream'], problem['position']])).toEqual([[groupStream(groupId), position]]);
    expect(await world.ok(alice, 'GET', '/whoami')).toMatchObject({ name: alice.login });
    expect(errorOf(await world.call(ADMIN, 'POST', '/group', { name: `after-${world.suffix}`, description: 'refused' }))).toMatchObject({
      status: 503,
      code: 100503,
    });
  }, 120_000);

  it('is repaired when an administrator skips the event, the reason kept in the log, and stays repaired after a restart', async () => {
    const skip = { position, reason: 'a 1 MB group name from an attack (issue 13)' };
    expect(errorOf(await world.call(alice, 'POST', '/health/identity/skip_event', skip))).toEqual({
      status: 401,
      code: 304,
      message: "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to skip events in the identity read model.",
    });
    const skipped = await world.ok<Record<string, unknown>>(ADMIN, 'POST', '/health/identity/skip_event', skip);
    expect(skipped).toMatchObject({
      skipped: { stream: groupStream(groupId), position, event_type: 'GroupCreated', reason: skip.reason },
      status: 'ok',
      problems: [],
    });
    expect((await health()).status).toBe('ok');

    const audit = await (await tracker().eventStore()).readStream('projection-skips-identity');
    expect(
      audit.map((event) => ({ type: event.type, reason: (event.data as { reason: string }).reason, actor: event.metadata.actor })),
    ).toEqual([{ type: 'ProjectionEventSkipped', reason: skip.reason, actor: 1 }]);

    await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(alice.login)}`, { full_name: 'Alice Repaired' });
    expect(await world.ok(alice, 'GET', '/whoami')).toMatchObject({ real_name: 'Alice Repaired' });
    await tracker().restart();
    expect((await health()).status).toBe('ok');
    const group = await world.ok<{ id: number }>(ADMIN, 'POST', '/group', { name: `after-${world.suffix}`, description: 'accepted' }, 201);
    expect(group.id).toBeGreaterThan(0);
  }, 120_000);
});
