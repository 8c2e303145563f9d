import type { EventMetadata } from '@tracker/contracts';
import type { EventStore } from '@tracker/platform/event-store';
import type { ReadModel } from '@tracker/platform/read-model';
import { openProjectionFixture } from '@tracker/platform/read-model/testing';
import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import { row } from '../testing/fake-collaborators';
import { CommentQueries, type TagUse } from './comment.queries';
import { CommentsProjection } from './comments.projection';
import { CreateCommentsTables1764200000000 } from './migrations/1764200000000-create-comments-tables';
import { TaggedCommentsIndex1764200000001 } from './migrations/1764200000001-tagged-comments-index';
import { CreateAttachmentsTables1764200000002 } from './migrations/1764200000002-create-attachments-tables';

const meta = (actor: number, occurredAt: string): EventMetadata => ({ actor, occurredAt, correlationId: 'c', causationId: 'c' });
const facts = (commentId: number, count: number, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  commentId,
  count,
  text,
  isPrivate: false,
  isMarkdown: false,
  workTime: 0,
  tags: [],
  attachmentId: null,
  addedText: null,
  ...extra,
});

function describeProjection(name: string, createFixture: () => Promise<TestDatabase>): void {
  describe(`comments projection: ${name}`, () => {
    let store: EventStore;
    let readModel: ReadModel;
    let close: () => Promise<void>;
    let queries: CommentQueries;
    const bug = 100 + Math.floor(Math.random() * 1000);

    beforeAll(async () => {
      ({ store, readModel, close } = await openProjectionFixture(await createFixture(), {
        name: 'comments',
        migrations: [CreateCommentsTables1764200000000, TaggedCommentsIndex1764200000001, CreateAttachmentsTables1764200000002],
        projections: [new CommentsProjection()],
      }));
      queries = new CommentQueries(readModel);
      const append = async (stream: string, type: string, data: unknown, metadata: EventMetadata): Promise<void> => {
        await store.appendToStream(stream, [{ type, data, schemaVersion: 1, metadata }], { expectedRevision: 'any' });
      };
      await append('user-7', 'UserCreated', { userId: 7, login: 'ann@example.com', realName: 'Ann' }, meta(1, '2026-11-22T10:00:00.000Z'));
      await append('user-8', 'UserCreated', { userId: 8, login: 'bob@example.com', realName: 'Bob' }, meta(1, '2026-11-22T10:00:00.000Z'));
      await append(
        `bug-${bug}`,
        'BugCreated',
        {
          bugId: bug,
          reporter: { id: 7, login: 'ann@example.com' },
          description: facts(1, 0, 'It crashes.', { tags: ['Triage'] }),
        },
        meta(7, '2026-11-22T10:00:01.400Z'),
      );
      await append(`bug-${bug}`, 'BugUpdated', { bugId: bug, changes: {} }, meta(7, '2026-11-22T10:00:02.000Z'));
      await append(
        `bug-${bug}`,
        'CommentAdded',
        {
          bugId: bug,
          author: { id: 8, login: 'bob@example.com' },
          ...facts(2, 1, 'Secret.', { isPrivate: true, workTime: 1.5 }),
        },
        meta(8, '2026-11-22T10:00:03.000Z'),
      );
      await append(
        `bug-${bug}`,
        'CommentAdded',
        {
          bugId: bug,
          author: { id: 7, login: 'ann@example.com' },
          ...facts(3, 2, '', { addedText: '*** Bug 9 has been marked as a duplicate of this bug. ***' }),
        },
        meta(7, '2026-11-22T10:00:04.000Z'),
      );
      await append(
        `bug-${bug}`,
        'CommentPrivacyChanged',
        { bugId: bug, commentId: 2, isPrivate: false },
        meta(7, '2026-11-22T10:00:05.000Z'),
      );
      await append(
        'commenttags-1',
        'CommentTagsUpdated',
        { commentId: 1, bugId: bug, added: ['spam'], removed: ['Triage'], tags: ['spam'] },
        meta(7, '2026-11-22T10:00:06.000Z'),
      );
      await append(
        'commenttags-2',
        'CommentTagsUpdated',
        { commentId: 2, bugId: bug, added: ['SPAM', 'spa-x'], removed: [], tags: ['spa-x', 'SPAM'] },
        meta(7, '2026-11-22T10:00:06.000Z'),
      );
      await append(
        `bug-${bug + 1}`,
        'BugCreated',
        {
          bugId: bug + 1,
          reporter: { id: 8, login: 'bob@example.com' },
          description: facts(4, 0, 'Between us.', { isPrivate: true, tags: ['spam', 'spy'] }),
        },
        meta(8, '2026-11-22T10:00:06.500Z'),
      );
      await append(
        'user-7',
        'UserLoginChanged',
        { previous: 'ann@example.com', login: 'ann@example.org' },
        meta(7, '2026-11-22T10:00:07.000Z'),
      );
      await readModel.catchUp();
    }, 60_000);

    afterAll(() => close());

    it('projects the description, added comments, privacy changes, tags and current logins', async () => {
      expect(await queries.ofBugs([bug], null, true)).toEqual([
        row(1, bug, 0, {
          creator: 'ann@example.org',
          time: '2026-11-22T10:00:01Z',
          body: 'It crashes.',
          creationTags: ['Triage'],
          tags: ['spam'],
        }),
        row(2, bug, 1, { creator: 'bob@example.com', time: '2026-11-22T10:00:03Z', body: 'Secret.', tags: ['spa-x', 'SPAM'] }),
        row(3, bug, 2, {
          creator: 'ann@example.org',
          time: '2026-11-22T10:00:04Z',
          body: '',
          addedText: '*** Bug 9 has been marked as a duplicate of this bug. ***',
        }),
      ]);
    });

    it('filters by whole seconds strictly after new_since, and leaves private comments out on request', async () => {
      expect((await queries.ofBugs([bug], '2026-11-22T10:00:01.000Z', true)).map((row) => row.commentId)).toEqual([2, 3]);
      expect((await queries.ofBugs([bug], '2026-11-22T10:00:03.000Z', true)).map((row) => row.commentId)).toEqual([3]);
    });

    const uses = async (fragment: string, withPrivate: boolean): Promise<TagUse[]> =>
      (await queries.tagUses(fragment, withPrivate)).sort((a, b) => a.key.localeCompare(b.key) || a.bugId - b.bugId);

    it('counts tag use per bug across comments whatever the case, spelled as first used, private comments on request', async () => {
      expect(await uses('SP', false)).toEqual([
        { key: 'spa-x', tag: 'spa-x', bugId: bug, uses: 1 },
        { key: 'spam', tag: 'spam', bugId: bug, uses: 2 },
      ]);
      expect(await uses('sp', true)).toEqual([
        { key: 'spa-x', tag: 'spa-x', bugId: bug, uses: 1 },
        { key: 'spam', tag: 'spam', bugId: bug, uses: 2 },
        { key: 'spam', tag: 'spam', bugId: bug + 1, uses: 1 },
        { key: 'spy', tag: 'spy', bugId: bug + 1, uses: 1 },
      ]);
      expect(await uses('triage', true)).toEqual([]);
      expect(await uses('%', true)).toEqual([]);
    });

    it('rebuilds to the same rows', async () => {
      const before = await queries.ofBugs([bug], null, true);
      const tagsBefore = await uses('', true);
      await readModel.rebuild();
      await readModel.catchUp();
      expect(await queries.ofBugs([bug], null, true)).toEqual(before);
      expect(await uses('', true)).toEqual(tagsBefore);
    });
  });
}

describeOnBothPostgres('comments', describeProjection);
