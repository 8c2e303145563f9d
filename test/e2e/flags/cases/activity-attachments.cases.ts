import { bugStream, FLAGS_SYNC_SUBJECT, type FlagsChangedData, REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, type Caller } from '../../../support/world';
import { FlagTypesWorld } from '../support/flag-types-world';

interface Entry {
  readonly flag_id: number;
  readonly bug_id: number;
  readonly attachment_id: number | null;
  readonly status: string;
}

/** Far above any flag id the services draw in this run; the flags projection moves its sequence past them. */
const FLAG_ID_BASE = 800_000;

/**
 * Flag activity of attachment flags over HTTP in both run modes (docs/flags.md §6): entries
 * of public attachments are shown to everyone who can see the bug, those of private ones to
 * insiders and to the attachment's submitter only (the contract's rule for private
 * attachments). Attachment flags cannot be set over HTTP on this branch yet (the attachments
 * carriers come with the attachments work), so their FlagsChanged events are appended to the
 * bug's stream through the run's event store, as the bugs service would append them.
 */
export function activityAttachmentCases(tracker: () => RunningTracker): void {
  describe('flag activity of attachment flags', () => {
    const world = new FlagTypesWorld(() => tracker().baseUrl);
    const product = `AttachFlags-${world.suffix}`;
    let insider: Caller;
    let author: Caller;
    let plain: Caller;
    let typeId: number;
    let bugId: number;
    let publicId: number;
    let privateId: number;

    const attach = async (caller: Caller, summary: string): Promise<number> => {
      const body = { data: Buffer.from(summary).toString('base64'), file_name: 'a.txt', summary, content_type: 'text/plain' };
      const { ids } = await world.ok<{ ids: number[] }>(caller, 'POST', `/bug/${bugId}/attachment`, body, 201);
      return ids[0] ?? 0;
    };

    /** One FlagsChanged creating a `+` flag on this attachment, appended where bugs appends it, then read by flags. */
    const flagOn = async (attachmentId: number, isPrivate: boolean, flagId: number): Promise<void> => {
      const store = await tracker().eventStore();
      const stream = bugStream(bugId);
      const recorded = await store.readStream(stream);
      const last = recorded[recorded.length - 1];
      if (!last) throw new Error(`bug ${bugId} has no stream`);
      const admin = { id: ADMIN.id, login: ADMIN.login };
      const data: FlagsChangedData = {
        bugId,
        attachmentId,
        attachmentIsPrivate: isPrivate,
        changedBy: admin,
        changes: [
          {
            flagId,
            reason: 'request',
            before: null,
            after: { type: { id: typeId, name: `review-${world.suffix}`, ccList: [] }, status: '+', setter: admin, requestee: null },
          },
        ],
        participants: { assignee: ADMIN.id, qaContact: null, reporter: ADMIN.id, cc: [] },
      };
      const metadata = { ...last.metadata, correlationId: `e2e-${world.suffix}-${flagId}`, causationId: `e2e-${world.suffix}-${flagId}` };
      const appended = await store.appendToStream(stream, [{ type: 'FlagsChanged', data, schemaVersion: 1, metadata }], {
        expectedRevision: last.revision,
      });
      await tracker().request(FLAGS_SYNC_SUBJECT, { streamName: stream, position: appended.position.toString() });
    };

    beforeAll(async () => {
      [insider, author, plain] = await Promise.all([world.user('insider', ['insiders']), world.user('author'), world.user('plain')]);
      await world.product(product, ['Main']);
      typeId = await world.flagType({
        name: `review-${world.suffix}`,
        description: 'Review',
        target_type: 'attachment',
        inclusions: [product],
      });
      bugId = (
        await world.ok<{ id: number }>(ADMIN, 'POST', '/bug', {
          product,
          component: 'Main',
          version: 'unspecified',
          summary: 'attachment flags',
        })
      ).id;
      publicId = await attach(ADMIN, 'public');
      privateId = await attach(author, 'private later');
      await world.ok(insider, 'PUT', `/bug/attachment/${privateId}`, { is_private: true });
      await flagOn(publicId, false, FLAG_ID_BASE + 1);
      await flagOn(privateId, true, FLAG_ID_BASE + 2);
    }, 180_000);

    const attachmentsSeen = async (caller: Caller): Promise<Array<number | null>> =>
      (await world.ok<Entry[]>(caller, 'GET', `/review/flag_activity/type_id/${typeId}`)).map((entry) => entry.attachment_id);

    it('shows entries of public attachments to everyone who can see the bug: logged out and outsiders', async () => {
      expect(await attachmentsSeen(ANONYMOUS)).toEqual([publicId]);
      expect(await attachmentsSeen(plain)).toEqual([publicId]);
      const [entry] = await world.ok<Entry[]>(plain, 'GET', `/review/flag_activity/${FLAG_ID_BASE + 1}`);
      expect(entry).toMatchObject({ flag_id: FLAG_ID_BASE + 1, bug_id: bugId, attachment_id: publicId, status: '+' });
    });

    it('shows entries of private attachments to insiders and to their submitter only', async () => {
      expect(await attachmentsSeen(insider)).toEqual([publicId, privateId]);
      expect(await attachmentsSeen(author)).toEqual([publicId, privateId]);
      expect(await world.ok<Entry[]>(plain, 'GET', `/review/flag_activity/${FLAG_ID_BASE + 2}`)).toEqual([]);
      // offset and limit count the entries the caller sees
      expect(await world.ok<Entry[]>(plain, 'GET', `/review/flag_activity/type_id/${typeId}?limit=1&offset=1`)).toEqual([]);
    });

    it('answers the same after the flags read model is rebuilt from the log', async () => {
      const before = await Promise.all([ANONYMOUS, plain, author, insider].map(attachmentsSeen));
      await tracker().request(REBUILD_FLAGS_SUBJECT, {});
      expect(await Promise.all([ANONYMOUS, plain, author, insider].map(attachmentsSeen))).toEqual(before);
    });
  });
}
