import { type BugEvent, bugStream, type EventMetadata } from '@tracker/contracts';
import { bugDecider, type CreateBug, type UpdateBug } from '@tracker/bugs/domain';
import { ADMIN, ADMIN_ACTOR, createBug, MINIMAL_INPUT, updateBug } from '@tracker/bugs/domain/testing';
import { domainEvent, type EventStore } from '@tracker/platform/event-store';
import type { ReadModel } from '@tracker/platform/read-model';
import { openProjectionFixture } from '@tracker/platform/read-model/testing';
import { deciderSpec, describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import { BugAsOfReader } from '../as-of/bug-as-of.reader';
import { BugsProjection } from './bugs.projection';
import { BUGS_MIGRATIONS } from './bugs.read-model';
import { UsersProjection } from './users.projection';

const bug = deciderSpec(bugDecider);
const metadata = (at: string): EventMetadata => ({ actor: ADMIN.id, occurredAt: at, correlationId: 'c', causationId: 'c' });
const create = (bugId: number, extra: Partial<CreateBug['input']> = {}): CreateBug =>
  createBug({ ...MINIMAL_INPUT, summary: `Bug ${bugId}`, ...extra }, { bugId, commentId: bugId * 10, actor: ADMIN_ACTOR });
const update = (input: UpdateBug['input'], commentId: number): UpdateBug => updateBug(input, { commentId, dupeTarget: null });

/** Given a bug stream's events, then these rows: on PGlite and on the real PostgreSQL server. */
function describeProjection(name: string, connect: () => Promise<TestDatabase>): void {
  describe(`bugs projection: ${name}`, () => {
    let store: EventStore;
    let readModel: ReadModel;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ store, readModel, close } = await openProjectionFixture(await connect(), {
        name: 'bugs',
        schema: 'bugs',
        migrations: [...BUGS_MIGRATIONS],
        projections: [new BugsProjection(), new UsersProjection()],
        pollIntervalMs: 100,
      }));
    }, 60_000);
    afterAll(() => close());

    async function append(bugId: number, commands: Array<[string, CreateBug | UpdateBug]>): Promise<void> {
      const history = (await store.readStream(bugStream(bugId))).map((e) => domainEvent<BugEvent>(e));
      for (const [at, command] of commands) {
        const events = bug
          .given(...history)
          .when(command)
          .events();
        const revision = history.length - 1;
        const result = await store.appendToStream(
          bugStream(bugId),
          events.map((event) => ({ ...event, schemaVersion: 1, metadata: metadata(at) })),
          {
            expectedRevision: revision < 0 ? 'no_stream' : revision,
          },
        );
        await readModel.waitFor(bugStream(bugId), result.position, 'test');
        history.push(...events);
      }
    }

    const rows = (): Promise<unknown[]> =>
      readModel.dataSource.query(
        `SELECT id, summary, status, is_open, resolution, priority, alias, keywords, cc_ids, blocks, remaining_time::float8 AS remaining, actual_time::float8 AS actual, ever_flagged,
                creation_ts = '2026-11-22T14:43:21Z' AS created_then, delta_ts = '2026-11-22T14:50:00Z' AS changed_then
         FROM bugs.bugs ORDER BY id`,
      );

    it('writes the document, the search columns, aliases and comments, and moves the id sequences', async () => {
      await append(4, [
        ['2026-11-22T14:43:21.000Z', create(4, { alias: ['golden-1'], priority: 'Normal', keywords: ['perf'], estimatedTime: 4.5 })],
        [
          '2026-11-22T14:50:00.000Z',
          update(
            {
              status: 'RESOLVED',
              resolution: 'FIXED',
              workTime: 1.5,
              comment: { body: 'Done.', isPrivate: false, isMarkdown: false },
              customFields: {},
            },
            41,
          ),
        ],
      ]);
      expect(await rows()).toEqual([
        {
          id: 4,
          summary: 'Bug 4',
          status: 'RESOLVED',
          is_open: false,
          resolution: 'FIXED',
          priority: 'Normal',
          alias: ['golden-1'],
          keywords: ['perf'],
          cc_ids: [],
          blocks: [],
          remaining: 0,
          actual: 1.5,
          ever_flagged: false,
          created_then: true,
          changed_then: true,
        },
      ]);
      expect(await readModel.dataSource.query('SELECT alias_key, alias, bug_id FROM bugs.bug_aliases')).toEqual([
        { alias_key: 'golden-1', alias: 'golden-1', bug_id: 4 },
      ]);
      expect(await readModel.dataSource.query('SELECT comment_id, bug_id, text FROM bugs.bug_comments ORDER BY comment_id')).toEqual([
        { comment_id: 40, bug_id: 4, text: '' },
        { comment_id: 41, bug_id: 4, text: 'Done.' },
      ]);
      const [ids] = await readModel.dataSource.query(
        `SELECT nextval('bugs.bug_ids')::int AS bug, nextval('bugs.comment_ids')::int AS comment`,
      );
      expect(ids).toEqual({ bug: 5, comment: 42 });
    });

    it('agrees with the as-of fold: the document of any instant after the last event, and the one created', async () => {
      const asOf = new BugAsOfReader(store);
      const [{ doc: now }] = await readModel.dataSource.query(`SELECT doc FROM bugs.bugs WHERE id = 4`);
      expect((await asOf.documents([4], '2099-01-01T00:00:00.000Z')).get(4)).toEqual(now);
      expect((await asOf.documents([4], '2026-11-22T14:49:59.000Z')).get(4)).toMatchObject({
        fields: expect.objectContaining({ status: 'CONFIRMED', resolution: '' }),
        creationTime: '2026-11-22T14:43:21.000Z',
        lastChangeTime: '2026-11-22T14:43:21.000Z',
        actualTime: 0,
      });
      expect((await asOf.documents([4, 77], '2026-11-22T14:43:20.000Z')).get(4)).toBeNull();
      expect((await asOf.documents([77], '2099-01-01T00:00:00.000Z')).get(77)).toBeNull();
    });

    it('marks a bug ever_flagged once flags of its own change, never for an attachment, and keeps it', async () => {
      await append(6, [['2026-11-22T14:43:21.000Z', create(6)]]);
      await append(7, [['2026-11-22T14:43:21.000Z', create(7)]]);
      const flagsChanged = (bugId: number, attachmentId: number | null, status: '?' | null) => ({
        type: 'FlagsChanged',
        data: {
          bugId,
          attachmentId,
          attachmentIsPrivate: attachmentId === null ? null : false,
          changedBy: ADMIN,
          changes: [
            {
              flagId: bugId * 100,
              reason: 'request',
              before: status === null ? { type: { id: 1, name: 'review' }, status: '?', setter: ADMIN, requestee: null } : null,
              after: status === null ? null : { type: { id: 1, name: 'review' }, status, setter: ADMIN, requestee: null },
            },
          ],
          participants: { assignee: ADMIN.id, qaContact: null, reporter: ADMIN.id, cc: [] },
        },
        schemaVersion: 1,
        metadata: metadata('2026-11-22T14:50:00.000Z'),
      });
      const flagged = async (): Promise<unknown[]> =>
        readModel.dataSource.query('SELECT id, ever_flagged FROM bugs.bugs WHERE id IN (6, 7) ORDER BY id');
      expect(await flagged()).toEqual([
        { id: 6, ever_flagged: false },
        { id: 7, ever_flagged: false },
      ]);
      const appendFlags = async (bugId: number, attachmentId: number | null, status: '?' | null): Promise<void> => {
        const result = await store.appendToStream(bugStream(bugId), [flagsChanged(bugId, attachmentId, status)], {
          expectedRevision: 'any',
        });
        await readModel.waitFor(bugStream(bugId), result.position, 'test');
      };
      await appendFlags(6, null, '?');
      await appendFlags(7, 70, '?');
      expect(await flagged()).toEqual([
        { id: 6, ever_flagged: true },
        { id: 7, ever_flagged: false },
      ]);
      await appendFlags(6, null, null);
      expect(await flagged()).toEqual([
        { id: 6, ever_flagged: true },
        { id: 7, ever_flagged: false },
      ]);
    });

    it('gives the same rows after a rebuild from the log', async () => {
      await append(5, [['2026-11-22T14:43:21.000Z', create(5)]]);
      const before = await rows();
      await readModel.rebuild();
      await readModel.catchUp();
      expect(await rows()).toEqual(before);
    });
  });
}

describeOnBothPostgres('bugs_projection', describeProjection);
