import type { ParsedMail } from 'mailparser';
import { type LoopbackSmtp, sleep, waitUntil } from '@tracker/testing';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type Caller, errorOf } from '../../../support/world';
import { FlagTypesWorld } from '../../flags/support/flag-types-world';

/** a mail step waits up to a minute for its mails (a loaded machine), beyond Jest's default 30 s */
const STEP_TIMEOUT_MS = 90_000;

/**
 * Watch lists end to end (docs/mail.md §11, Bugzilla's "User Watching"): set over the
 * gateway's HTTP, a watcher gets a copy of the mail of the users they watch, with
 * `X-Tracker-Watch-Reason`, by their own visibility (no private comment unless an insider),
 * and one mail when they are involved themself. The mail suite runs these in the embedded
 * mode: the rules are the mailer's own, and its bug mail crosses the distributed mode's
 * processes already. `smtp` is the suite's loopback SMTP server; the mails of these cases
 * are those to their own people (logins with the world's suffix).
 */
export function watchCases(tracker: () => RunningTracker, smtp: () => LoopbackSmtp): void {
  describe('watch lists', () => {
    const world = new FlagTypesWorld(() => tracker().baseUrl);
    const product = `WatchProduct-${world.suffix}`;
    let reporter: Caller;
    let assignee: Caller;
    let cc: Caller;
    let insider: Caller;
    let watcher: Caller;
    let insiderWatcher: Caller;
    let bugId: number;
    let seen = 0;

    const recipient = (mail: ParsedMail): string => (Array.isArray(mail.to) ? '' : (mail.to?.text ?? ''));
    /** The mails of one step to this suite's people, sorted by recipient: waits for `count`, then a little longer for extras. */
    const mails = async (count: number): Promise<ParsedMail[]> => {
      const ours = () =>
        smtp()
          .received.filter((mail) => recipient(mail).includes(world.suffix))
          .slice(seen);
      // generous: on a loaded machine the embedded tracker may take long; a step that is on time returns at once
      await waitUntil(() => ours().length >= count, 60_000);
      // extras: the mail suite polls every 50 ms, so 1 s is its steps' margin (mail.e2e.spec.ts)
      await sleep(1000);
      const step = ours();
      seen += step.length;
      return step.sort((a, b) => recipient(a).localeCompare(recipient(b)));
    };
    const headers = (step: readonly ParsedMail[]) =>
      step.map((mail) => [recipient(mail), mail.headers.get('x-tracker-reason'), mail.headers.get('x-tracker-watch-reason')]);
    const watch = (caller: Caller, of: Caller = caller) =>
      world.ok<{ watched: string[]; watchers: string[] }>(caller, 'GET', `/user/${of.id}/watch`);

    beforeAll(async () => {
      [reporter, assignee, cc, insider, watcher, insiderWatcher] = await Promise.all([
        world.user('reporter'),
        world.user('assignee'),
        world.user('cc'),
        world.user('insider', ['insiders']),
        world.user('watcher'),
        world.user('insiderwatcher', ['insiders']),
      ]);
      await world.product(product, ['Main']);
    }, 120_000);

    it('a watch list is read and changed by its user (an admin for anyone); refusals are clear and change nothing', async () => {
      expect(await watch(watcher)).toEqual({ watched: [], watchers: [] });
      const set = await world.ok(watcher, 'PUT', `/user/${watcher.id}/watch`, { add: [assignee.login, cc.login.toUpperCase()] });
      expect(set).toEqual({ watched: [assignee.login, cc.login].sort(), watchers: [] });
      // the other side shows it too, and an administrator with editusers may read and change anyone's
      expect(await watch(cc)).toEqual({ watched: [], watchers: [watcher.login] });
      expect(await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(insiderWatcher.login)}/watch`, { add: insider.login })).toEqual({
        watched: [insider.login],
        watchers: [],
      });
      await world.ok(cc, 'PUT', `/user/${cc.id}/watch`, { add: [insider.login] });

      const path = `/user/${watcher.id}/watch`;
      expect(errorOf(await world.call(watcher, 'PUT', path, { add: [watcher.login] }))).toEqual({
        status: 400,
        code: 32000,
        message: 'You cannot watch yourself.',
      });
      expect(errorOf(await world.call(watcher, 'PUT', path, { add: [reporter.login, 'nobody@example.com'] }))).toEqual({
        status: 401,
        code: 504,
        message:
          'The name nobody@example.com is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.',
      });
      expect(errorOf(await world.call(watcher, 'PUT', path, { add: [reporter.login], remove: [reporter.login] }))).toMatchObject({
        status: 400,
        code: 32000,
      });
      expect(errorOf(await world.call(watcher, 'PUT', path, {}))).toMatchObject({ status: 400, code: 50 });
      expect(errorOf(await world.call(watcher, 'PUT', path, { add: { login: reporter.login } }))).toMatchObject({ status: 400, code: 53 });
      expect(errorOf(await world.call(reporter, 'GET', path))).toMatchObject({ status: 401, code: 304 });
      expect(errorOf(await world.call(reporter, 'PUT', path, { remove: [cc.login] }))).toMatchObject({ status: 401, code: 304 });
      expect(errorOf(await world.call(ADMIN, 'GET', '/user/nobody@example.com/watch'))).toMatchObject({ status: 404, code: 51 });
      expect(await watch(watcher)).toEqual({ watched: [assignee.login, cc.login].sort(), watchers: [] });
    });

    it(
      'a new bug: each watcher gets a copy naming whom they watch and the role; a watcher involved themself gets one mail',
      async () => {
        bugId = (
          await world.ok<{ id: number }>(reporter, 'POST', '/bug', {
            product,
            component: 'Main',
            version: 'unspecified',
            summary: 'Watch me',
            description: 'It crashes.',
            assigned_to: assignee.login,
            cc: [cc.login, insider.login],
          })
        ).id;
        const step = await mails(5);
        expect(headers(step)).toEqual(
          [
            [assignee.login, 'AssignedTo', 'None'],
            [cc.login, 'CC', `CC ${insider.login}`],
            [insider.login, 'CC', 'None'],
            // the watched users by id, as the header names them (the users were made side by side)
            [
              watcher.login,
              'None',
              `AssignedTo CC ${[assignee, cc]
                .sort((x, y) => x.id - y.id)
                .map((user) => user.login)
                .join(' ')}`,
            ],
            [insiderWatcher.login, 'None', `CC ${insider.login}`],
          ].sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? '')),
        );
        const watcherMail = step.find((mail) => recipient(mail) === watcher.login);
        expect(watcherMail?.subject).toBe(`[Bug ${bugId}] New: Watch me`);
        expect(watcherMail?.text).toContain('It crashes.');
        expect(watcherMail?.text).toContain('You are watching the assignee of the bug.');
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'a private comment reaches the watcher of an insider only when the watcher is an insider too',
      async () => {
        await world.ok(insider, 'POST', `/bug/${bugId}/comment`, { comment: 'Internal: customer data.', is_private: true }, 201);
        const step = await mails(1);
        expect(headers(step)).toEqual([[insiderWatcher.login, 'None', `CC ${insider.login}`]]);
        expect(step[0]?.text).toContain('Internal: customer data.');
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'after the watcher stops watching, the watched users’ mail no longer reaches them',
      async () => {
        expect(await world.ok(watcher, 'PUT', `/user/${watcher.id}/watch`, { remove: [assignee.login, cc.login] })).toEqual({
          watched: [],
          watchers: [],
        });
        await world.ok(reporter, 'POST', `/bug/${bugId}/comment`, { comment: 'Public again.' }, 201);
        const step = await mails(4);
        expect(step.map(recipient)).toEqual([assignee.login, cc.login, insider.login, insiderWatcher.login].sort());
      },
      STEP_TIMEOUT_MS,
    );
  });
}
