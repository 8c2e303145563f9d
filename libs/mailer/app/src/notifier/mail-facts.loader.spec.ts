import type { UserSummary } from '@tracker/contracts';
import {
  ann,
  bob,
  bugFacts,
  bugUpdated,
  cat,
  change,
  dan,
  eve,
  flag,
  flagsChanged,
  gil,
  participants,
  quinn,
  wes,
} from '@tracker/mailer/domain/testing';
import { defaultMailPreferences, type MailPreferences } from '@tracker/mailer/domain';
import type { IdentityClient } from '../collaborators/identity.client';
import type { MailerOptions } from '../mailer.options';
import type { MailSettingsQueries } from '../read-model/mail-settings.queries';
import { MailFactsLoader } from './mail-facts.loader';

const OPTIONS: MailerOptions = {
  from: 'tracker@example.com',
  globalWatchers: ['GIL@example.com'],
  settleMs: 0,
  pollMs: 60_000,
  delivery: { kind: 'none' },
  concurrency: 1,
};
const everyone = [ann, bob, cat, dan, eve, quinn, gil, wes].map((ref): UserSummary => ({
  id: ref.id,
  login: ref.login,
  realName: ref.login,
  email: ref.login,
  canLogin: true,
  emailEnabled: true,
}));

/** identity as it answers (logins case-insensitively), recording each request */
function identity(asked: Array<{ ids: number[]; logins: string[] }>): IdentityClient {
  return {
    users: (_correlationId: string, ids: readonly number[], logins: readonly string[]) => {
      asked.push({ ids: [...ids].sort((a, b) => a - b), logins: [...logins].sort() });
      const wanted = new Set(logins.map((login) => login.toLowerCase()));
      return Promise.resolve(everyone.filter((user) => ids.includes(user.id) || wanted.has(user.login.toLowerCase())));
    },
  } as unknown as IdentityClient;
}

/** the mail settings read: who watches whom (watched → watchers) and the stored preferences, recording each read */
function settings(
  watchersOf: ReadonlyMap<number, number[]>,
  preferences: ReadonlyMap<number, MailPreferences> = new Map(),
  reads: number[][] = [],
): MailSettingsQueries {
  return {
    forUsers: (ids: readonly number[]) => {
      reads.push([...ids].sort((a, b) => a - b));
      return Promise.resolve({ watchersOf: new Map([...watchersOf].filter(([watched]) => ids.includes(watched))), preferences });
    },
  } as unknown as MailSettingsQueries;
}

describe('MailFactsLoader.loadAll: a batch of changes, one identity request and one settings read', () => {
  it('each change gets exactly the users it names, as if asked alone; the global watcher in each', async () => {
    const asked: Array<{ ids: number[]; logins: string[] }> = [];
    const reads: number[][] = [];
    /** Eve's stored setting: the loader hands this very object on; the others get the defaults */
    const stored = defaultMailPreferences();
    const loader = new MailFactsLoader(identity(asked), settings(new Map(), new Map([[eve.id, stored]]), reads), OPTIONS);
    const small = participants({ assignee: bob.id, qaContact: null, cc: [] });
    const update = change(bugUpdated({ priority: 'P1' }, dan, small));
    const request = change(
      flagsChanged([{ flagId: 1, reason: 'request', before: null, after: flag('?', ann, eve, ['cat@example.com']) }], null, ann),
    );

    const [first, second] = await loader.loadAll([
      { change: update, bug: bugFacts(), blocked: new Map() },
      { change: request, bug: bugFacts(), blocked: new Map() },
    ]);

    expect(asked).toEqual([{ ids: [1, 2, 3, 4, 5, 6], logins: ['cat@example.com', 'gil@example.com'] }]);
    expect(reads).toEqual([[1, 2, 3, 4, 5, 6, 7]]);
    expect([...(first?.users.keys() ?? [])].sort()).toEqual([ann.id, bob.id, dan.id, gil.id]);
    expect([...(second?.users.keys() ?? [])].sort()).toEqual([ann.id, bob.id, cat.id, eve.id, quinn.id, gil.id].sort());
    expect(first?.globalWatcherIds).toEqual([gil.id]);
    expect(second?.globalWatcherIds).toEqual([gil.id]);
    expect(second?.users.get(eve.id)?.preferences).toBe(stored);
    expect(second?.users.get(cat.id)?.preferences).toEqual(defaultMailPreferences());
  });

  it('an empty batch asks nobody', async () => {
    const asked: Array<{ ids: number[]; logins: string[] }> = [];
    const loader = new MailFactsLoader(identity(asked), {} as MailSettingsQueries, OPTIONS);
    expect(await loader.loadAll([])).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('the watchers of a change’s users come with it: one settings read, identity asked again only for watchers it was not asked of', async () => {
    const asked: Array<{ ids: number[]; logins: string[] }> = [];
    const reads: number[][] = [];
    // Wes watches Bob (in the first change only), Ann watches Quinn (in the second only)
    const loader = new MailFactsLoader(
      identity(asked),
      settings(
        new Map([
          [bob.id, [wes.id]],
          [quinn.id, [ann.id]],
        ]),
        new Map(),
        reads,
      ),
      {
        ...OPTIONS,
        globalWatchers: [],
      },
    );
    const [first, second] = await loader.loadAll([
      {
        change: change(bugUpdated({ priority: 'P1' }, dan, participants({ qaContact: null, cc: [] }))),
        bug: bugFacts(),
        blocked: new Map(),
      },
      {
        change: change(bugUpdated({ priority: 'P2' }, dan, participants({ assignee: cat.id, cc: [] }))),
        bug: bugFacts(),
        blocked: new Map(),
      },
    ]);

    expect(reads).toEqual([[1, 2, 3, 4, 6]]);
    expect(asked).toEqual([
      { ids: [1, 2, 3, 4, 6], logins: [] },
      { ids: [wes.id], logins: [] },
    ]);
    expect([...(first?.watchersOf ?? [])]).toEqual([[bob.id, [wes.id]]]);
    expect([...(first?.users.keys() ?? [])].sort()).toEqual([ann.id, bob.id, dan.id, wes.id]);
    expect(first?.users.get(wes.id)?.login).toBe(wes.login);
    expect([...(second?.watchersOf ?? [])]).toEqual([[quinn.id, [ann.id]]]);
    expect([...(second?.users.keys() ?? [])].sort()).toEqual([ann.id, cat.id, dan.id, quinn.id]);
  });
});
