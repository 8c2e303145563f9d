import type { BugAccessEntry } from '@tracker/contracts';
import type { AttachmentRow } from '../../read-model/attachment.queries';
import { AttachmentsAsOf } from './attachments-as-of';

const row = (id: number, extra: Partial<AttachmentRow> = {}): AttachmentRow => ({
  id,
  bugId: 1,
  fileName: 'now.txt',
  summary: 'Now',
  contentType: 'text/plain',
  isPrivate: false,
  isObsolete: true,
  isPatch: false,
  creationTime: '2026-11-22T10:00:00Z',
  lastChangeTime: '2026-11-22T12:00:00Z',
  creatorId: 7,
  creator: 'ann@example.com',
  creatorRealName: 'Ann',
  size: 5,
  sha256: 'a'.repeat(64),
  ...extra,
});
const then = (attachmentId: number, isPrivate = false) => ({
  attachmentId,
  fileName: 'then.txt',
  summary: 'Then',
  contentType: 'text/plain',
  isPatch: false,
  isPrivate,
  isObsolete: false,
  lastChangeTime: '2026-11-22T10:00:00.000Z',
});
const entry = (attachmentsAsOf: ReturnType<typeof then>[]): BugAccessEntry => ({
  ref: 1,
  bugId: 1,
  canEdit: true,
  editError: null,
  error: null,
  commentsAsOf: [],
  attachmentsAsOf,
});
const everyone = (): boolean => true;
const publicOnly = (r: AttachmentRow): boolean => !r.isPrivate;

describe('attachments as of an instant', () => {
  const asOf = AttachmentsAsOf.of([entry([then(10), then(11, true)])]);

  it('shows the attachments of then with their fields then, and leaves out later ones', () => {
    expect(asOf.rows([row(10), row(12)], everyone)).toEqual([
      row(10, { fileName: 'then.txt', summary: 'Then', isObsolete: false, lastChangeTime: '2026-11-22T10:00:00Z' }),
    ]);
  });

  it('hides one private then or now from those who may not read private attachments', () => {
    expect(asOf.rows([row(10, { isPrivate: true }), row(11)], publicOnly)).toEqual([]);
    expect(asOf.rows([row(11)], everyone).map((r) => [r.id, r.isPrivate])).toEqual([[11, true]]);
    expect(() => asOf.requireReadable([row(11)], publicOnly)).toThrow('Sorry, you are not authorized to access attachment #11.');
    expect(asOf.requireReadable([row(12)], publicOnly)).toEqual([]);
  });
});
