import { randomUUID } from 'node:crypto';
import type { BugEvent, MailPreferencesSet, UserSummary, WatchListSet } from '@tracker/contracts';
import {
  ann,
  bob,
  bugCreated,
  bugUpdated,
  cat,
  commentAdded,
  dan,
  eve,
  flag,
  flagsChanged,
  participants,
  quinn,
  wes,
} from '@tracker/mailer/domain/testing';
import { defaultMailPreferences } from '@tracker/mailer/domain';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import { InProcessMailQueue, type MailQueue } from '@tracker/platform/mail-queue';
import { type Delivery, recordingHandler } from '@tracker/platform/mail-queue/testing';
import { ReadModel } from '@tracker/platform/read-model';
import { describeOnBothPostgres, type TestDatabase, sleep, waitUntil } from '@tracker/testing';
import type { IdentityClient } from '../collaborators/identity.client';
import type { MailerOptions } from '../mailer.options';
import { MailChangesProjection } from '../read-model/mail-changes.projection';
import { MailSettingsProjection } from '../read-model/mail-settings.projection';
import { MailSettingsQueries } from '../read-model/mail-settings.queries';
import { WatchesQueries } from '../read-model/watches.queries';
import { MAILER_MIGRATIONS } from '../read-model/mailer.read-model';
import { PendingChangesQueries } from '../read-model/pending-changes.queries';
import { MailDispatcher } from './mail-dispatcher';
import { MailFactsLoader } from './mail-facts.loader';

const OPTIONS: MailerOptions = {
  from: 'tracker@example.com',
  globalWatchers: [],
  settleMs: 0,
  pollMs: 60_000,
  delivery: { kind: 'none' },
  concurrency: 1,
};
const INSIDERS = new Set([eve.id]);

/** identity as the dispatcher asks it: everyone of the mail world, Eve an insider; lead@example.com has no account. */
const identity = {
  users: (_correlationId: string, ids: readonly number[], logins: readonly string[]): Promise<UserSummary[]> => {
    const everyone = [ann, bob, cat, dan, eve, quinn].map((ref) => ({
      id: ref.id,
      login: ref.login,
      realName: ref.login,
      email: ref.login,
      canLogin: true,
      emailEnabled: true,
      access: { groupIds: [], permissions: INSIDERS.has(ref.id) ? (['insider'] as const) : [] },
    }));
    return Promise.resolve(everyone.filter((user) => ids.includes(user.id) || logins.includes(user.login)) as UserSummary[]);
  },
} as unknown as IdentityClient;

function describeNotifier(target: string, open: () => Promise<TestDatabase>): void {
  describe(`mail notifier: ${target}`, () => {
    const schema = `mailer_${randomUUID().slice(0, 8)}`;
    let fixture: TestDatabase;
    let store: EventStore;
    let readModel: ReadModel;
    let queue: MailQueue;
    let deliveries: Delivery[];

    const openReadModel = async (): Promise<ReadModel> => {
      const opened = await ReadModel.open(fixture.connection, store, {
        schema,
        entities: [],
        migrations: MAILER_MIGRATIONS,
        projections: [new MailChangesProjection(), new MailSettingsProjection()],
      });
      await opened.start();
      return opened;
    };
    const openQueue = async (): Promise<void> => {
      queue = new InProcessMailQueue({ attempts: 1, backoffMs: 0 });
      deliveries = [];
      await queue.process(recordingHandler(deliveries));
    };
    const dispatcher = () =>
      new MailDispatcher(queries(), new MailFactsLoader(identity, new MailSettingsQueries(readModel.dataSource), OPTIONS), queue, OPTIONS);
    const queries = () => new PendingChangesQueries(readModel.dataSource);
    /** one append: the events of one request, one correlation id */
    const append = async (
      events: readonly BugEvent[],
      occurredAt = new Date(Date.now() + 1000).toISOString(),
      stream = 'bug-42',
    ): Promise<void> => {
      const correlationId = randomUUID();
      const metadata = { actor: null, occurredAt, correlationId, causationId: correlationId };
      await store.appendToStream(
        stream,
        events.map((event) => ({ ...event, schemaVersion: 2, metadata })),
        { expectedRevision: 'any' },
      );
    };
    /** the projection caught up, the dispatcher run, the queue drained: the mails of this step */
    const mailsOf = async (expected: number): Promise<Delivery[]> => {
      await readModel.catchUp();
      const before = deliveries.length;
      await dispatcher().dispatchSettled();
      await waitUntil(() => deliveries.length >= before + expected);
      await sleep(50);
      return deliveries.slice(before).sort((a, b) => (a.message.to[0] ?? '').localeCompare(b.message.to[0] ?? ''));
    };
    const summary = (mails: readonly Delivery[]) =>
      mails.map((mail) => [mail.message.to.join(), mail.message.headers?.['X-Tracker-Type'], mail.message.headers?.['X-Tracker-Reason']]);

    beforeAll(async () => {
      fixture = await open();
      store = await PostgresEventStore.create(fixture.connection, { pollIntervalMs: 50 });
      readModel = await openReadModel();
      await openQueue();
    }, 60_000);

    afterAll(async () => {
      await queue.close();
      await readModel.close();
      await store.close();
      await fixture.dispose();
    });

    it('history from before the mailer existed is never mailed', async () => {
      await append([commentAdded('Long ago.')], '2020-01-01T00:00:00Z');
      expect(await mailsOf(0)).toEqual([]);
      expect(await queries().pendingCount()).toBe(0);
    });

    it('a new bug: every role holder but the reporter, a `[Bug N] New:` subject, the thread’s root Message-ID', async () => {
      await append([bugCreated()]);
      const mails = await mailsOf(4);
      expect(summary(mails)).toEqual([
        ['bob@example.com', 'new', 'AssignedTo'],
        ['cat@example.com', 'new', 'CC'],
        ['eve@example.com', 'new', 'CC'],
        ['quinn@example.com', 'new', 'QAcontact'],
      ]);
      expect(mails[0]?.message).toMatchObject({ from: 'tracker@example.com', subject: '[Bug 42] New: Crash on save' });
      expect(mails[0]?.message.headers?.['Message-ID']).toBe(`<bug-42-u${bob.id}@example.com>`);
      expect(mails[0]?.message.text).toContain('--- Description from ann@example.com');
      expect(mails[0]?.message.text).toContain('It crashes.');
    });

    it('an update with a private comment is one mail each; only the insider reads the comment; mails thread under the root', async () => {
      await append([bugUpdated({ priority: 'P1' }), commentAdded('Internal: customer data.', { isPrivate: true })]);
      const mails = await mailsOf(5);
      expect(summary(mails)).toEqual([
        ['ann@example.com', 'changed', 'Reporter'],
        ['bob@example.com', 'changed', 'AssignedTo'],
        ['cat@example.com', 'changed', 'CC'],
        ['eve@example.com', 'changed', 'CC'],
        ['quinn@example.com', 'changed', 'QAcontact'],
      ]);
      const byTo = new Map(mails.map((mail) => [mail.message.to[0], mail.message]));
      expect(byTo.get(cat.login)?.text).toContain('priority');
      expect(byTo.get(cat.login)?.text).not.toContain('customer data');
      // the old value, folded by the notifier from the bug's creation: BugUpdated carries only the new one
      expect(byTo.get(cat.login)?.text).toContain('What     | Removed | Added\npriority | P3      | P1\n');
      expect(byTo.get(cat.login)?.html).toContain('<tr><td>priority</td><td>P3</td><td>P1</td></tr>');
      expect(byTo.get(cat.login)?.html).not.toContain('customer data');
      expect(byTo.get(eve.login)?.text).toContain('Internal: customer data.');
      expect(byTo.get(eve.login)?.html).toContain('<pre>Internal: customer data.</pre>');
      expect(byTo.get(cat.login)?.subject).toBe('[Bug 42] Crash on save');
      expect(byTo.get(cat.login)?.headers).toMatchObject({
        'X-Tracker-Changed-Fields': 'priority',
        'In-Reply-To': `<bug-42-u${cat.id}@example.com>`,
        References: `<bug-42-u${cat.id}@example.com>`,
      });
    });

    it('a flag request mails the requestee and the type’s cc list, besides the bug mail', async () => {
      const request = { flagId: 1, reason: 'request' as const, before: null, after: flag('?', dan, bob, ['lead@example.com']) };
      await append([flagsChanged([request])]);
      const mails = await mailsOf(7);
      const flagMails = mails.filter((mail) => mail.message.headers?.['X-Tracker-Type'] === 'flag');
      expect(
        flagMails.map((mail) => [mail.message.to.join(), mail.message.headers?.['X-Tracker-Flag-Reason'], mail.message.subject]),
      ).toEqual([
        ['bob@example.com', 'requestee', 'review requested: [Bug 42] Crash on save'],
        ['lead@example.com', 'cc-list', 'review requested: [Bug 42] Crash on save'],
      ]);
      expect(mails.filter((mail) => mail.message.headers?.['X-Tracker-Type'] === 'changed')).toHaveLength(5);
    });

    it('a replay of the whole log into a fresh queue mails nobody again: the ledger holds every job id', async () => {
      const ledger = await queries().queued(42);
      expect(ledger).toHaveLength(16);
      expect(new Set(ledger.map((mail) => mail.jobId)).size).toBe(16);
      await readModel.dataSource.query(`DELETE FROM ${schema}.projection_checkpoints WHERE name = 'mail-changes'`);
      await readModel.close();
      await queue.close();
      readModel = await openReadModel();
      await openQueue();
      await readModel.catchUp();
      expect(await queries().pendingCount()).toBe(3);
      expect(await mailsOf(0)).toEqual([]);
      expect(await queries().pendingCount()).toBe(0);
      expect(await queries().queued(42)).toHaveLength(16);
    });

    it('a bug that closes tells the bugs it blocks: dep_changed mails to their own role holders, in their own thread', async () => {
      const created = bugCreated(cat, participants({ reporter: cat.id, assignee: quinn.id, qaContact: null, cc: [eve.id] }));
      await append([{ ...created, data: { ...created.data, bugId: 77 } } as BugEvent], undefined, 'bug-77');
      await mailsOf(2);
      await append([bugUpdated({ blocks: { added: [77], removed: [] } })]);
      await mailsOf(5);
      await append([bugUpdated({ status: 'RESOLVED', isOpen: false, resolution: 'FIXED' }), commentAdded('Fixed.')]);
      const mails = (await mailsOf(8)).filter((mail) => mail.message.headers?.['X-Tracker-Type'] === 'dep_changed');
      expect(summary(mails)).toEqual([
        ['cat@example.com', 'dep_changed', 'Reporter'],
        ['eve@example.com', 'dep_changed', 'CC'],
        ['quinn@example.com', 'dep_changed', 'AssignedTo'],
      ]);
      const toCat = mails[0]?.message;
      expect(toCat?.subject).toBe('[Bug 77] Crash on save');
      expect(toCat?.text).toContain('Bug 77 depends on bug 42, which changed state.\n\nBug 42 Summary: Crash on save');
      expect(toCat?.text).not.toContain('Fixed.');
      expect(toCat?.text).toContain(
        ['What       | Removed   | Added', 'bug_status | CONFIRMED | RESOLVED', 'resolution |           | FIXED'].join('\n'),
      );
      expect(toCat?.html).toContain('<tr><td>bug_status</td><td>CONFIRMED</td><td>RESOLVED</td></tr>');
      expect(toCat?.headers).toMatchObject({
        'X-Tracker-Changed-Fields': 'bug_status resolution',
        'In-Reply-To': `<bug-77-u${cat.id}@example.com>`,
      });
      expect((await queries().queued(77)).filter((mail) => mail.kind === 'dep').map((mail) => mail.recipient)).toEqual([
        cat.login,
        eve.login,
        quinn.login,
      ]);
    });

    it('watch lists and preferences are projected from their streams and read back in one statement, watchers’ preferences included', async () => {
      const setting = async (stream: string, event: WatchListSet | MailPreferencesSet): Promise<void> => {
        const correlationId = randomUUID();
        const metadata = { actor: null, occurredAt: new Date().toISOString(), correlationId, causationId: correlationId };
        await store.appendToStream(stream, [{ ...event, schemaVersion: 1, metadata }], { expectedRevision: 'any' });
      };
      await setting(`watch-${wes.id}`, { type: 'WatchListSet', data: { userId: wes.id, watchedIds: [bob.id, cat.id] } });
      await setting(`watch-${dan.id}`, { type: 'WatchListSet', data: { userId: dan.id, watchedIds: [cat.id] } });
      await setting(`watch-${dan.id}`, { type: 'WatchListSet', data: { userId: dan.id, watchedIds: [bob.id] } });
      const roles = { ...defaultMailPreferences().roles, CC: ['comment'] };
      await setting(`mailprefs-${wes.id}`, { type: 'MailPreferencesSet', data: { userId: wes.id, roles, global: [] } });
      await readModel.catchUp();
      const settings = await new MailSettingsQueries(readModel.dataSource).forUsers([bob.id, cat.id, eve.id]);
      expect([...settings.watchersOf]).toEqual([
        [bob.id, [dan.id, wes.id]],
        [cat.id, [wes.id]],
      ]);
      expect(settings.preferences.get(wes.id)?.roles.CC).toEqual(['comment']);
      expect(await new WatchesQueries(readModel.dataSource).listOf(cat.id)).toEqual({ watchedIds: [], watcherIds: [wes.id] });
    });
  });
}

describeOnBothPostgres('mail notifier', describeNotifier);
