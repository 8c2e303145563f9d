import { ANONYMOUS, type AuthContext, DomainError, ErrorCode } from '@tracker/contracts';
import type { Route } from '../routing/route';
import type { RequestCaller } from '../wire/request-caller';
import { IdempotencyGuard, type KeyedRequest, ReplayedRefusal } from './idempotency-guard';
import type { IdempotencyClaim, IdempotencyStore } from './idempotency-store';

/** A store that answers `claim` as told and records what the guard wrote. */
function fakeStore(claim: IdempotencyClaim): { store: IdempotencyStore; writes: unknown[][] } {
  const writes: unknown[][] = [];
  const store = {
    claim: (...args: unknown[]) => {
      writes.push(['claim', ...args]);
      return Promise.resolve(claim);
    },
    complete: (...args: unknown[]) => Promise.resolve(void writes.push(['complete', ...args])),
    release: (...args: unknown[]) => Promise.resolve(void writes.push(['release', ...args])),
    markInDoubt: (...args: unknown[]) => Promise.resolve(void writes.push(['markInDoubt', ...args])),
    close: () => Promise.resolve(),
  } as unknown as IdempotencyStore;
  return { store, writes };
}

const USER_7: AuthContext = { ...ANONYMOUS, userId: 7, login: 'u7@example.com' };
const keyed = (key: string | undefined): KeyedRequest => ({
  key,
  route: { successStatus: 201 } as Route,
  request: { method: 'POST', path: '/bug', headers: {}, ip: '10.0.0.1' },
  query: {},
  body: { summary: 's' },
  correlationId: 'c',
});
const callers = { of: () => Promise.resolve(USER_7) } as unknown as RequestCaller;
const SCOPE = 'user:7 POST /bug';

async function refusalOf(work: Promise<unknown>): Promise<{ code: number; message: string; replayed: boolean }> {
  const error = await work.then(
    () => new Error('not refused'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw error;
  return { code: error.code, message: error.message, replayed: error instanceof ReplayedRefusal };
}

describe('IdempotencyGuard', () => {
  it('serves a request without a key as it is, touching no store', async () => {
    const { store, writes } = fakeStore({ kind: 'new' });
    expect(await new IdempotencyGuard(callers, store).run(keyed(undefined), () => Promise.resolve({ result: 1 }))).toEqual({ result: 1 });
    expect(writes).toEqual([]);
  });

  it("scopes the key by caller, method and path, and stores a served request's reply with the route's status", async () => {
    const { store, writes } = fakeStore({ kind: 'new' });
    expect(await new IdempotencyGuard(callers, store).run(keyed('k'), () => Promise.resolve({ result: { id: 3 } }))).toEqual({
      result: { id: 3 },
    });
    expect(writes).toEqual([
      ['claim', SCOPE, 'k', expect.stringMatching(/^[0-9a-f]{64}$/)],
      ['complete', SCOPE, 'k', 201, { id: 3 }],
    ]);
  });

  it('stores a refusal (4xx) as the reply, and replays it marked', async () => {
    const { store, writes } = fakeStore({ kind: 'new' });
    const refused = refusalOf(
      new IdempotencyGuard(callers, store).run(keyed('k'), () =>
        Promise.reject(new DomainError('bugDoesNotExist', 'Bug #9 does not exist.')),
      ),
    );
    expect(await refused).toEqual({ code: 101, message: 'Bug #9 does not exist.', replayed: false });
    expect(writes[1]).toEqual(['complete', SCOPE, 'k', 404, { code: 101, message: 'Bug #9 does not exist.' }]);
    const replay = fakeStore({ kind: 'replay', status: 404, body: { code: ErrorCode.bugDoesNotExist, message: 'Bug #9 does not exist.' } });
    expect(await refusalOf(new IdempotencyGuard(callers, replay.store).run(keyed('k'), () => Promise.resolve({ result: 0 })))).toEqual({
      code: 101,
      message: 'Bug #9 does not exist.',
      replayed: true,
    });
  });

  it('releases the key when the service said nothing was done (100503), keeps it in doubt on a timeout or a crash', async () => {
    const cases: Array<[Error, string]> = [
      [new DomainError('serviceUnavailable', 'bugs is not running'), 'release'],
      [new DomainError('serviceTimeout', 'bugs did not answer'), 'markInDoubt'],
      [new Error('socket hang up'), 'markInDoubt'],
    ];
    for (const [error, write] of cases) {
      const { store, writes } = fakeStore({ kind: 'new' });
      await expect(new IdempotencyGuard(callers, store).run(keyed('k'), () => Promise.reject(error))).rejects.toBe(error);
      expect(writes[1]).toEqual([write, SCOPE, 'k']);
    }
  });

  it('replays a stored success, and calls nothing for a replay, a mismatch, one in flight or one in doubt', async () => {
    const serve = jest.fn(() => Promise.resolve({ result: 'called' }));
    const replay = fakeStore({ kind: 'replay', status: 201, body: { id: 3 } });
    expect(await new IdempotencyGuard(callers, replay.store).run(keyed('k'), serve)).toEqual({ result: { id: 3 }, replayed: true });
    const refused = async (claim: IdempotencyClaim): Promise<unknown> =>
      refusalOf(new IdempotencyGuard(callers, fakeStore(claim).store).run(keyed('k'), serve));
    expect(await refused({ kind: 'mismatch' })).toEqual({
      code: 32002,
      message: "The Idempotency-Key 'k' was used for a different request; use a new key for a new request. Nothing was done.",
      replayed: false,
    });
    expect(await refused({ kind: 'in-flight' })).toEqual({
      code: 32003,
      message: "The first request with the Idempotency-Key 'k' is still being served; retry later. Nothing was done.",
      replayed: false,
    });
    expect(await refused({ kind: 'in-doubt' })).toEqual({
      code: 32004,
      message:
        "The first request with the Idempotency-Key 'k' got no answer and may have been applied: check whether it was " +
        'before sending it again without this key.',
      replayed: false,
    });
    expect(serve).not.toHaveBeenCalled();
  });

  it('refuses a key where the process keeps no records (32001)', async () => {
    expect(await refusalOf(new IdempotencyGuard(callers, null).run(keyed('k'), () => Promise.resolve({ result: 1 })))).toEqual({
      code: 32001,
      message: 'This server keeps no Idempotency-Key records; nothing was done.',
      replayed: false,
    });
  });
});
