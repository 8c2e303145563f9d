import { ANONYMOUS, type EventMetadata, type FlagChange, type FlagTargetType, type FlagValue, type UserRef } from '@tracker/contracts';
import { flagsChanged } from '@tracker/contracts/testing';
import type { EventStore } from '@tracker/platform/event-store';
import { type ReadModel, schemaOf } from '@tracker/platform/read-model';
import { flagTypeSettings } from '@tracker/flags/domain/testing';
import { openProjectionFixture } from '@tracker/platform/read-model/testing';
import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import { FlagsOfHandler } from '../flags-of/flags-of.handler';
import { ActivityQueries } from './activity.queries';
import { FlagQueries } from './flag.queries';
import { FlagTypesProjection } from './flag-types.projection';
import { FlagsProjection } from './flags.projection';
import { CreateFlagTypesTables1764300000000 } from './migrations/1764300000000-create-flag-types-tables';
import { CreateFlagsTables1764300000001 } from './migrations/1764300000001-create-flags-tables';

const meta = (occurredAt: string): EventMetadata => ({ actor: 1, occurredAt, correlationId: 'c', causationId: 'c' });

function describeProjection(name: string, createFixture: () => Promise<TestDatabase>): void {
  describe(`flags projection: ${name}`, () => {
    let store: EventStore;
    let readModel: ReadModel;
    let close: () => Promise<void>;
    // ids of their own: the store may be shared with other suites
    const base = 100_000 + Math.floor(Math.random() * 100_000) * 10;
    const bug = base;
    const [annId, bobId, needinfoId, reviewId, flagA, flagB] = [base + 1, base + 2, base + 3, base + 4, base + 5, base + 6];
    const ann: UserRef = { id: annId, login: 'ann@example.com' };
    const bob: UserRef = { id: bobId, login: 'bob@example.com' };
    const needinfo = { id: needinfoId, name: 'needinfo', ccList: [] };
    const review = { id: reviewId, name: 'review', ccList: [] };
    const value = (type: typeof needinfo, status: '?' | '+' | '-', setter: UserRef, requestee: UserRef | null = null): FlagValue => ({
      type,
      status,
      setter,
      requestee,
    });
    const changed = (attachmentId: number | null, changedBy: UserRef, changes: FlagChange[]) =>
      flagsChanged(changes, attachmentId, {
        bugId: bug,
        changedBy,
        participants: { assignee: annId, qaContact: null, reporter: annId, cc: [] },
      });
    const flagQueries = () => new FlagQueries(readModel.dataSource);
    const activity = async () =>
      (await new ActivityQueries(readModel.dataSource).page(query, 0, 100)).map(({ id, flag_id, status, setter, requestee }) => ({
        id,
        flag_id,
        status,
        setter: setter.name,
        requestee: requestee?.name,
      }));
    const query = {
      flagIds: null,
      typeIds: null,
      requesteeId: null,
      setterId: null,
      bugId: bug,
      status: null,
      limit: 100,
      offset: 0,
      after: null,
      before: null,
    };

    beforeAll(async () => {
      ({ store, readModel, close } = await openProjectionFixture(await createFixture(), {
        name: 'flags',
        migrations: [CreateFlagTypesTables1764300000000, CreateFlagsTables1764300000001],
        projections: [new FlagTypesProjection(), new FlagsProjection()],
      }));
      const append = async (stream: string, type: string, data: unknown, at: string): Promise<void> => {
        await store.appendToStream(stream, [{ type, data, schemaVersion: 1, metadata: meta(at) }], { expectedRevision: 'any' });
      };
      await append(`user-${annId}`, 'UserCreated', { userId: annId, login: ann.login, realName: 'Ann' }, '2026-11-22T10:00:00.000Z');
      await append(`user-${bobId}`, 'UserCreated', { userId: bobId, login: bob.login, realName: 'Bob' }, '2026-11-22T10:00:00.000Z');
      const type = (typeId: number, typeName: string, targetType: FlagTargetType, sortKey: number) => ({
        typeId,
        ...flagTypeSettings(typeName, { description: typeName, targetType, sortKey }),
      });

      await append(`flagtype-${needinfoId}`, 'FlagTypeCreated', type(needinfoId, 'needinfo', 'bug', 2), '2026-11-22T10:00:00.000Z');
      await append(`flagtype-${reviewId}`, 'FlagTypeCreated', type(reviewId, 'review', 'attachment', 1), '2026-11-22T10:00:00.000Z');
      const flags = (data: unknown, at: string) => append(`bug-${bug}`, 'FlagsChanged', data, at);
      await flags(
        changed(null, ann, [
          { flagId: flagA, reason: 'request', before: null, after: value(needinfo, '?', ann, bob) },
          { flagId: flagB, reason: 'request', before: null, after: value(needinfo, '-', ann) },
        ]),
        '2026-11-22T10:00:01.000Z',
      );
      await flags(
        changed(30, bob, [{ flagId: base + 7, reason: 'request', before: null, after: value(review, '?', bob) }]),
        '2026-11-22T10:00:02.000Z',
      );
      await flags(
        changed(null, bob, [
          { flagId: flagA, reason: 'request', before: value(needinfo, '?', ann, bob), after: value(needinfo, '+', bob) },
        ]),
        '2026-11-22T10:00:03.000Z',
      );
      await flags(
        changed(null, bob, [{ flagId: flagB, reason: 'request', before: value(needinfo, '-', ann), after: null }]),
        '2026-11-22T10:00:04.000Z',
      );
      await append(`user-${bobId}`, 'UserLoginChanged', { previous: bob.login, login: 'bob@example.org' }, '2026-11-22T10:00:05.000Z');
      await readModel.catchUp();
    }, 60_000);

    afterAll(() => close());

    it('keeps the current flags of bugs and attachments, with current logins and their dates', async () => {
      expect(await flagQueries().flagsOf([bug], [30])).toEqual({
        bugs: {
          [bug]: [
            {
              id: flagA,
              name: 'needinfo',
              type_id: needinfoId,
              creation_date: '2026-11-22T10:00:01Z',
              modification_date: '2026-11-22T10:00:03Z',
              status: '+',
              setter: 'bob@example.org',
            },
          ],
        },
        attachments: {
          30: [
            {
              id: base + 7,
              name: 'review',
              type_id: reviewId,
              creation_date: '2026-11-22T10:00:02Z',
              modification_date: '2026-11-22T10:00:02Z',
              status: '?',
              setter: 'bob@example.org',
            },
          ],
        },
      });
      expect(await flagQueries().bugsWithTypes([reviewId])).toEqual([bug]);
      const rows: Array<{ id: string }> = await readModel.dataSource.query(
        `SELECT nextval('${schemaOf(readModel.dataSource)}.flag_ids') AS id`,
      );
      expect(Number(rows[0]?.id)).toBeGreaterThan(base + 7);
    });

    it('answers flags.of as of an instant from the bug stream, shown as the current ones are', async () => {
      const asOf = (instant: string) =>
        new FlagsOfHandler(flagQueries(), store).handle({ auth: ANONYMOUS, correlationId: 'c', params: { bugIds: [bug], asOf: instant } });
      const now = await flagQueries().flagsOf([bug], []);
      expect(await asOf('2099-01-01T00:00:00.000Z')).toEqual(now);
      expect(await asOf('2026-11-22T10:00:00.000Z')).toEqual({ bugs: {}, attachments: {} });
      const then = await asOf('2026-11-22T10:00:02.000Z');
      expect(then.bugs[bug]?.map((flag) => [flag.id, flag.status, flag.setter, flag.requestee, flag.modification_date])).toEqual([
        [flagA, '?', 'ann@example.com', 'bob@example.org', '2026-11-22T10:00:01Z'],
        [flagB, '-', 'ann@example.com', undefined, '2026-11-22T10:00:01Z'],
      ]);
      expect(then.attachments).toEqual({});
      const withAttachment = await new FlagsOfHandler(flagQueries(), store).handle({
        auth: ANONYMOUS,
        correlationId: 'c',
        params: { bugIds: [bug], attachmentIds: [30], asOf: '2026-11-22T10:00:02.000Z' },
      });
      expect(withAttachment.attachments[30]?.map((flag) => [flag.id, flag.status, flag.setter])).toEqual([
        [base + 7, '?', 'bob@example.org'],
      ]);
    });

    it('logs one activity entry per creation, change and clear, in event order', async () => {
      const entries = await activity();
      expect(entries.map(({ id: _id, ...entry }) => entry)).toEqual([
        { flag_id: flagA, status: '?', setter: 'ann@example.com', requestee: 'bob@example.org' },
        { flag_id: flagB, status: '-', setter: 'ann@example.com', requestee: undefined },
        { flag_id: base + 7, status: '?', setter: 'bob@example.org', requestee: undefined },
        { flag_id: flagA, status: '+', setter: 'bob@example.org', requestee: undefined },
        { flag_id: flagB, status: 'X', setter: 'bob@example.org', requestee: undefined },
      ]);
      const ids = entries.map((entry) => entry.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('rebuilds to the same flags and activity, ids included', async () => {
      const before = [await flagQueries().flagsOf([bug], [30]), await activity()];
      await readModel.rebuild();
      await readModel.catchUp();
      expect([await flagQueries().flagsOf([bug], [30]), await activity()]).toEqual(before);
    });
  });
}

describeOnBothPostgres('flags', describeProjection);
