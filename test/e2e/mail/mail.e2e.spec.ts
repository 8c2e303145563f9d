import type { ParsedMail } from 'mailparser';
import { type LoopbackSmtp, loopbackSmtpPort, sleep, startLoopbackSmtp, waitUntil } from '@tracker/testing';
import { describeInBothModes } from '../../support/modes';
import { ADMIN, type Caller, errorOf } from '../../support/world';
import { FlagTypesWorld } from '../flags/support/flag-types-world';
import { watchCases } from './cases/watch.cases';

const port = loopbackSmtpPort();
/** Bugzilla's bug mail events but `cc`, in its order (docs/mail.md §3) */
const EVENTS_BUT_CC = [
  'other',
  'added-removed',
  'comment',
  'attachment',
  'attachment-data',
  'project-management',
  'opened-closed',
  'keywords',
  'dependencies',
  'bug-created',
  'product-component',
];
let smtp: LoopbackSmtp;
/**
 * The notifier looks for settled changes every TRACKER_MAIL_POLL_MS (500 ms by default; 50
 * here, so each step's mail comes sooner). A mail a step should not send would come with the
 * others, or with a later look: after a change's settle time (200 ms), the mail projection's
 * batch interval (250 ms) and a poll. A step waits that long again after its last expected
 * mail, with room for a loaded machine: the same margin over the pipeline as the 1.5 s this
 * suite waited with the default poll.
 */
const SUITE_ENV = { SMTP_URL: `smtp://127.0.0.1:${port}`, TRACKER_MAIL_POLL_MS: '50' };
const EXTRAS_MS = 1000;

beforeAll(async () => {
  smtp = await startLoopbackSmtp({ port });
});
afterAll(async () => {
  await smtp.stop();
});

/**
 * Bug mail end to end (docs/mail.md, issue 18's "Done when"): over the gateway's HTTP, the
 * notifier and the mail workers deliver to an SMTP server on loopback exactly the mails
 * Bugzilla's rules give: a new bug to its roles but the reporter, a change to everyone
 * involved but its author, a private comment to insiders only, a flag request to the
 * requestee and the flag type's cc list, a closed bug to the roles of the bugs it blocks.
 */
describeInBothModes(
  'bug mail',
  (tracker, mode) => {
    const world = new FlagTypesWorld(() => tracker().baseUrl);
    const product = `MailProduct-${world.suffix}`;
    const lead = `lead-${world.suffix}@example.com`;
    let reporter: Caller;
    let assignee: Caller;
    let cc: Caller;
    let insider: Caller;
    let bugId: number;
    let flagType: string;
    let seen = 0;

    /** The mails of one step, to this run mode's people (their logins carry the world's suffix), sorted by recipient: waits for `count`, then a little longer for extras. */
    const mails = async (count: number): Promise<ParsedMail[]> => {
      const ours = () => smtp.received.filter((mail) => recipient(mail).includes(world.suffix)).slice(seen);
      await waitUntil(() => ours().length >= count, 20_000);
      await sleep(EXTRAS_MS);
      const step = ours();
      seen += step.length;
      return step.sort((a, b) => recipient(a).localeCompare(recipient(b)));
    };
    const recipient = (mail: ParsedMail): string => (Array.isArray(mail.to) ? '' : (mail.to?.text ?? ''));
    const summary = (step: readonly ParsedMail[]) =>
      step.map((mail) => [recipient(mail), mail.headers.get('x-tracker-type'), mail.headers.get('x-tracker-reason')]);

    beforeAll(async () => {
      [reporter, assignee, cc, insider] = await Promise.all([
        world.user('reporter', ['insiders']),
        world.user('assignee'),
        world.user('cc'),
        world.user('insider', ['insiders']),
      ]);
      await world.product(product, ['Main']);
      flagType = `review-${world.suffix}`;
      await world.flagType({ name: flagType, description: 'review', target_type: 'bug', inclusions: [product], cc_list: lead });
      bugId = (
        await world.ok<{ id: number }>(reporter, 'POST', '/bug', {
          product,
          component: 'Main',
          version: 'unspecified',
          summary: 'Mail me',
          description: 'It crashes.',
          assigned_to: assignee.login,
          cc: [cc.login, insider.login],
        })
      ).id;
    }, 120_000);

    it('a new bug: its assignee and CC members, not its reporter; `[Bug N] New:`, the thread’s root', async () => {
      const step = await mails(3);
      expect(summary(step)).toEqual([
        [assignee.login, 'new', 'AssignedTo'],
        [cc.login, 'new', 'CC'],
        [insider.login, 'new', 'CC'],
      ]);
      expect(step[0]?.subject).toBe(`[Bug ${bugId}] New: Mail me`);
      expect(step[0]?.messageId).toMatch(new RegExp(`^<bug-${bugId}-u${assignee.id}@`));
      expect(step[0]?.text).toContain('It crashes.');
    });

    it('an update by someone else reaches everyone involved, threaded under the root', async () => {
      await world.ok(ADMIN, 'PUT', `/bug/${bugId}`, { priority: 'Highest' });
      const step = await mails(4);
      expect(summary(step)).toEqual([
        [assignee.login, 'changed', 'AssignedTo'],
        [cc.login, 'changed', 'CC'],
        [insider.login, 'changed', 'CC'],
        [reporter.login, 'changed', 'Reporter'],
      ]);
      expect(step[0]?.subject).toBe(`[Bug ${bugId}] Mail me`);
      expect(step[0]?.inReplyTo).toBe(`<bug-${bugId}-u${assignee.id}@localhost>`);
      expect(step[0]?.headers.get('x-tracker-changed-fields')).toBe('priority');
    });

    it('a private comment reaches the other insider only: the others would get an empty mail, which is dropped', async () => {
      await world.ok(insider, 'POST', `/bug/${bugId}/comment`, { comment: 'Internal: customer data.', is_private: true }, 201);
      const step = await mails(1);
      expect(summary(step)).toEqual([[reporter.login, 'changed', 'Reporter']]);
      expect(step[0]?.text).toContain('Internal: customer data.');
    });

    it('a flag request: a flag mail to the requestee and the type’s cc list, and the bug mail to the others', async () => {
      await world.ok(reporter, 'PUT', `/bug/${bugId}`, { flags: [{ name: flagType, status: '?', requestee: assignee.login }] });
      const step = await mails(5);
      const flagMails = step.filter((mail) => mail.headers.get('x-tracker-type') === 'flag');
      expect(flagMails.map((mail) => [recipient(mail), mail.headers.get('x-tracker-flag-reason'), mail.subject])).toEqual([
        [assignee.login, 'requestee', `${flagType} requested: [Bug ${bugId}] Mail me`],
        [lead, 'cc-list', `${flagType} requested: [Bug ${bugId}] Mail me`],
      ]);
      // a requestee not yet involved joins the CC list with the request (docs/flags.md)
      expect(summary(step.filter((mail) => mail.headers.get('x-tracker-type') === 'changed'))).toEqual([
        [assignee.login, 'changed', 'AssignedTo CC'],
        [cc.login, 'changed', 'CC'],
        [insider.login, 'changed', 'CC'],
      ]);
    });

    it('closing a bug tells the bugs it blocks: a dep_changed mail to the blocked bug’s own roles', async () => {
      const blocked = (
        await world.ok<{ id: number }>(cc, 'POST', '/bug', {
          product,
          component: 'Main',
          version: 'unspecified',
          summary: 'Waits on the crash',
          description: 'Blocked.',
          assigned_to: assignee.login,
          depends_on: [bugId],
        })
      ).id;
      await mails(4);
      await world.ok(ADMIN, 'PUT', `/bug/${bugId}`, { status: 'RESOLVED', resolution: 'FIXED' });
      const depChanged = (await mails(6)).filter((mail) => mail.headers.get('x-tracker-type') === 'dep_changed');
      expect(summary(depChanged)).toEqual([
        [assignee.login, 'dep_changed', 'AssignedTo'],
        [cc.login, 'dep_changed', 'Reporter'],
      ]);
      expect(depChanged[0]?.subject).toBe(`[Bug ${blocked}] Waits on the crash`);
      expect(depChanged[0]?.text).toContain(`Bug ${blocked} depends on bug ${bugId}, which changed state.`);
      expect(depChanged[0]?.html).toContain(`<p>Bug ${bugId} Summary: Mail me</p>`);
    });

    it('stored preferences: read and set by the user (editusers for others), refused names change nothing, and they stop a mail', async () => {
      const path = `/user/${cc.id}/mail_preferences`;
      const defaults = await world.ok<{ relationships: Record<string, string[]>; global: string[] }>(cc, 'GET', path);
      // Bugzilla's defaults for a user who never set any: CC-list changes only to the reporter, nothing of one's own changes
      expect(defaults.relationships['CC']).toEqual([...EVENTS_BUT_CC, 'unconfirmed']);
      expect(defaults.relationships['Reporter']).toEqual([...EVENTS_BUT_CC.slice(0, 8), 'cc', ...EVENTS_BUT_CC.slice(8), 'unconfirmed']);
      expect(defaults.global).toEqual(['flag-requested', 'requested-flag-answered']);
      expect(errorOf(await world.call(insider, 'GET', path))).toMatchObject({ status: 401, code: 304 });
      expect(errorOf(await world.call(insider, 'PUT', path, { relationships: { CC: [] } }))).toMatchObject({ status: 401, code: 304 });
      expect(errorOf(await world.call(cc, 'PUT', path, { relationships: { CC: ['comment', 'coffee'] } }))).toMatchObject({
        status: 400,
        code: 32000,
        message: expect.stringMatching(/^There is no mail event 'coffee' for CC/) as string,
      });
      expect(errorOf(await world.call(cc, 'PUT', path, { relationships: { GlobalWatcher: [] } }))).toMatchObject({
        status: 400,
        code: 32000,
      });
      expect(errorOf(await world.call(cc, 'PUT', path, { relationships: ['CC'] }))).toMatchObject({ status: 400, code: 32000 });
      expect(errorOf(await world.call(cc, 'PUT', path, {}))).toMatchObject({ status: 400, code: 50 });
      // an id beyond 32 bits is refused at the gateway's edge, as on every route (docs/wire-format.md)
      expect(errorOf(await world.call(ADMIN, 'GET', '/user/99999999999/mail_preferences'))).toMatchObject({ status: 400, code: 54 });
      expect(errorOf(await world.call(ADMIN, 'GET', '/user/nobody@example.com/mail_preferences'))).toMatchObject({ status: 404, code: 51 });
      expect(await world.ok(ADMIN, 'GET', `/user/${encodeURIComponent(cc.login)}/mail_preferences`)).toEqual(defaults);

      const set = await world.ok<{ relationships: Record<string, string[]> }>(cc, 'PUT', path, {
        relationships: { CC: ['added-removed'] },
      });
      expect(set.relationships).toEqual({ ...defaults.relationships, CC: ['added-removed'] });
      expect(await world.ok(ADMIN, 'GET', path)).toEqual({ ...defaults, relationships: set.relationships });
      await world.ok(ADMIN, 'PUT', `/bug/${bugId}`, { priority: 'Low' });
      // the CC member wants only their own additions and removals now: no mail for a priority
      expect(summary(await mails(3))).toEqual([
        [assignee.login, 'changed', 'AssignedTo CC'],
        [insider.login, 'changed', 'CC'],
        [reporter.login, 'changed', 'Reporter'],
      ]);
    });

    it('an administrator lists the mail given up (none: every send was accepted); anyone else, or a bad limit, is refused', async () => {
      expect(await world.ok(ADMIN, 'GET', '/health/mailer/dead_letters?limit=10')).toEqual({ dead_letters: [] });
      expect(errorOf(await world.call(reporter, 'GET', '/health/mailer/dead_letters'))).toMatchObject({ status: 401, code: 304 });
      expect(errorOf(await world.call(ADMIN, 'GET', '/health/mailer/dead_letters?limit=0'))).toEqual({
        status: 400,
        code: 32000,
        message: 'The limit must be between 1 and 1000; 0 was given.',
      });
    });

    // watch lists' rules are the mailer's own: the embedded mode alone (docs/testing.md)
    if (mode === 'embedded') watchCases(tracker, () => smtp);
  },
  SUITE_ENV,
);
