import * as fc from 'fast-check';
import {
  type AttachmentCreatedData,
  type Checked,
  checkContentType,
  checkFileName,
  checkSummary,
  MAX_ATTACHMENT_FIELD_LENGTH,
} from '@tracker/contracts';
import { openProjectedLog, type ProjectedLog } from '@tracker/platform/read-model/testing';
import { describeOnBothPostgres, LIMIT_RUNS, lengthAround, TEXT_UNITS, textAround, textOfLength } from '@tracker/testing';
import { CommentsProjection } from './comments.projection';
import { CreateCommentsTables1764200000000 } from './migrations/1764200000000-create-comments-tables';
import { TaggedCommentsIndex1764200000001 } from './migrations/1764200000001-tagged-comments-index';
import { CreateAttachmentsTables1764200000002 } from './migrations/1764200000002-create-attachments-tables';

/**
 * Issue 13: an attachment's file name, summary and content type (docs/attachments.md §1.1)
 * are bounded by the rules the comments service checks and the bugs decider applies
 * (`attachment-fields.rules.ts`), and whatever they accept at or just inside 255 characters,
 * in any script, the comments read model holds, on creation and on update. Beyond it: a
 * summary is refused (32000), a content type too (601), a file name keeps its last 255.
 */
const MAX = MAX_ATTACHMENT_FIELD_LENGTH;
const ANN = { id: 7, login: 'ann@example.com' };
const PARTICIPANTS = { assignee: 7, qaContact: null, reporter: 7, cc: [] };
const SHA = 'a'.repeat(64);
const valueOf = <T>(checked: Checked<T>): T | number => (checked.ok ? checked.value : checked.error.code);
/** `text/<subtype>` of exactly `length` characters, the largest legal type of that length */
const contentTypeOf = (length: number): string => `text/${textOfLength(Math.max(length - 5, 1), 'x')}`;
const lastCharacters = (text: string): string => Array.from(text).slice(-MAX).join('');

interface AttachmentRow {
  file_name: string;
  summary: string;
  content_type: string;
}

// each property writes a real database up to a few dozen times: slow on a busy machine
jest.setTimeout(120_000);

describeOnBothPostgres('attachment-limits', (target, open) => {
  describe(`attachment limits, projected on ${target}`, () => {
    let log: ProjectedLog;
    let nextId = 7000;
    beforeAll(async () => {
      log = await openProjectedLog(await open(), {
        name: 'attachment_limits',
        migrations: [CreateCommentsTables1764200000000, TaggedCommentsIndex1764200000001, CreateAttachmentsTables1764200000002],
        projections: [new CommentsProjection()],
      });
    }, 60_000);
    afterAll(() => log.close());
    const row = (attachmentId: number): Promise<AttachmentRow[]> =>
      log.query<AttachmentRow>(`SELECT file_name, summary, content_type FROM S.attachments WHERE attachment_id = $1`, [attachmentId]);
    const fileBug = async (bugId: number): Promise<void> => {
      const description = { commentId: bugId, count: 0, text: 'x', isPrivate: false, isMarkdown: false, workTime: 0 };
      await log.append(`bug-${bugId}`, [
        {
          type: 'BugCreated',
          data: { bugId, reporter: ANN, description: { ...description, tags: [], attachmentId: null, addedText: null } },
        },
      ]);
    };

    it('creates attachments with file names, summaries and content types up to 255 characters; refuses longer ones', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(lengthAround(MAX, 1), TEXT_UNITS).map(([length, unit]) => textOfLength(length * 2, unit)),
          textAround(MAX, 1),
          lengthAround(MAX, 6),
          async (givenName, givenSummary, typeLength) => {
            const id = (nextId += 1);
            const [fileName, summary, contentType] = [
              valueOf(checkFileName(givenName, 'create')),
              valueOf(checkSummary(givenSummary)),
              valueOf(checkContentType(contentTypeOf(typeLength), false)),
            ];
            expect(fileName).toBe(lastCharacters(givenName.trim()));
            expect(summary).toBe(Array.from(givenSummary).length > MAX ? 32000 : givenSummary);
            expect(contentType).toBe(typeLength > MAX ? 601 : contentTypeOf(typeLength));
            if (typeof fileName !== 'string' || typeof summary !== 'string' || typeof contentType !== 'string') return;
            await fileBug(id);
            const data: AttachmentCreatedData = {
              ...{ bugId: id, attachmentId: id, creator: ANN, size: 1, sha256: SHA, commentId: id * 10, participants: PARTICIPANTS },
              ...{ fileName, summary, contentType, isPatch: false, isPrivate: false },
            };
            await log.append(`bug-${id}`, [{ type: 'AttachmentCreated', data }]);
            expect(await row(id)).toEqual([{ file_name: fileName, summary, content_type: contentType }]);
          },
        ),
        LIMIT_RUNS,
      );
    });

    it('changes them up to 255 characters, and a refused change leaves the row as it was', async () => {
      await fc.assert(
        fc.asyncProperty(textAround(MAX, 1), textAround(MAX, 1), lengthAround(MAX, 6), async (givenName, givenSummary, typeLength) => {
          const id = (nextId += 1);
          await fileBug(id);
          const before = { fileName: 'a.txt', summary: 'first', contentType: 'text/plain', isPatch: false, isPrivate: false };
          const created = {
            bugId: id,
            attachmentId: id,
            creator: ANN,
            size: 1,
            sha256: SHA,
            commentId: id * 10,
            participants: PARTICIPANTS,
          };
          await log.append(`bug-${id}`, [{ type: 'AttachmentCreated', data: { ...created, ...before } }]);
          const fileName = valueOf(checkFileName(givenName, 'update'));
          const summary = valueOf(checkSummary(givenSummary));
          const contentType = valueOf(checkContentType(contentTypeOf(typeLength), false));
          if (typeof fileName !== 'string' || typeof summary !== 'string' || typeof contentType !== 'string') {
            expect([summary, contentType].filter((value) => typeof value === 'number')).not.toEqual([]);
            expect(await row(id)).toEqual([{ file_name: 'a.txt', summary: 'first', content_type: 'text/plain' }]);
            return;
          }
          const changes = { fileName, summary, contentType };
          await log.append(`bug-${id}`, [
            {
              type: 'AttachmentUpdated',
              data: { bugId: id, attachmentId: id, changedBy: ANN, changes, before, isPrivate: false, participants: PARTICIPANTS },
            },
          ]);
          expect(await row(id)).toEqual([{ file_name: fileName, summary, content_type: contentType }]);
        }),
        LIMIT_RUNS,
      );
    });
  });
});
