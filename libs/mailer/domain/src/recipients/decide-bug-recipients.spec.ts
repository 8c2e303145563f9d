import { BUG_MAIL_EVENTS } from '../preferences/mail-events';
import { defaultMailPreferences } from '../preferences/mail-preferences';
import type { BugMailChange } from '../change/bug-mail-change';
import {
  ann,
  bob,
  bugCreated,
  bugFacts,
  bugUpdated,
  cat,
  change,
  commentAdded,
  dan,
  eve,
  facts,
  gil,
  participants,
  quinn,
  user,
  wes,
} from '../testing/mail-world.fixture';
import type { BugMailRecipient } from './decide-bug-recipients';
import type { MailFacts } from './mail-facts';
import { decideBugRecipients } from './decide-bug-recipients';

/** given(facts).when(change).then(["login Reason …", …]): who gets mail and why, in order. */
function given(world: MailFacts = facts()): { when(mailChange: BugMailChange): { then(expected: readonly string[]): void } } {
  return {
    when: (mailChange) => ({
      then: (expected) => {
        const mails = decideBugRecipients(mailChange, world).map((mail) => `${mail.user.email} ${mail.reasons.join(' ')}`);
        expect(mails).toEqual(expected);
      },
    }),
  };
}

describe('decideBugRecipients: who gets a bug mail and why (reference §11)', () => {
  describe('the roles', () => {
    it('a new bug mails every role holder but its reporter, who made the change', () => {
      given()
        .when(change(bugCreated()))
        .then(['bob@example.com AssignedTo', 'cat@example.com CC', 'eve@example.com CC', 'quinn@example.com QAcontact']);
    });

    it('the type is new for a new bug and changed afterwards', () => {
      expect(decideBugRecipients(change(bugCreated()), facts()).map((mail) => mail.type)).toEqual(['new', 'new', 'new', 'new']);
      expect(decideBugRecipients(change(commentAdded('Hi')), facts())[0]?.type).toBe('changed');
    });

    it('a comment mails everyone involved except its author, who is not involved', () => {
      given()
        .when(change(commentAdded('Seen it too.')))
        .then([
          'ann@example.com Reporter',
          'bob@example.com AssignedTo',
          'cat@example.com CC',
          'eve@example.com CC',
          'quinn@example.com QAcontact',
        ]);
    });

    it('no mail for one’s own change by default, mail for it when the user opted into changed-by-me', () => {
      const own = change(commentAdded('Mine.', { author: bob }));
      given().when(own).then(['ann@example.com Reporter', 'cat@example.com CC', 'eve@example.com CC', 'quinn@example.com QAcontact']);
      const defaults = defaultMailPreferences();
      const optedIn = { ...defaults, roles: { ...defaults.roles, AssignedTo: [...defaults.roles.AssignedTo, 'changed-by-me' as const] } };
      given(facts({ users: [user(bob, { preferences: optedIn })] }))
        .when(own)
        .then([
          'ann@example.com Reporter',
          'bob@example.com AssignedTo',
          'cat@example.com CC',
          'eve@example.com CC',
          'quinn@example.com QAcontact',
        ]);
    });

    it('one mail per user, with every role they hold in Bugzilla’s order', () => {
      given()
        .when(change(commentAdded('Both.', { participants: participants({ cc: [ann.id] }) })))
        .then(['ann@example.com Reporter CC', 'bob@example.com AssignedTo', 'quinn@example.com QAcontact']);
    });

    it('global watchers always get the mail, even of their own change', () => {
      given(facts({ globalWatcherIds: [gil.id] }))
        .when(change(commentAdded('Watched.', { author: gil })))
        .then([
          'ann@example.com Reporter',
          'bob@example.com AssignedTo',
          'cat@example.com CC',
          'eve@example.com CC',
          'quinn@example.com QAcontact',
          'gil@example.com GlobalWatcher',
        ]);
    });
  });

  describe('role changes', () => {
    it('a CC-only change is told to the reporter and to whoever was added or removed, not to the other roles', () => {
      const removeCat = bugUpdated({ cc: { added: [dan], removed: [cat] } }, ann, participants(), participants({ cc: [eve.id, dan.id] }));
      given().when(change(removeCat)).then(['cat@example.com CC', 'dan@example.com CC']);
    });

    it('the reporter hears of a CC change made by someone else', () => {
      const addDan = bugUpdated({ cc: { added: [dan], removed: [] } }, dan, participants(), participants({ cc: [cat.id, eve.id, dan.id] }));
      given().when(change(addDan)).then(['ann@example.com Reporter']);
    });

    it('the previous assignee is told that the bug left them, the new one that it came', () => {
      const reassign = bugUpdated({ assignee: dan }, ann, participants(), participants({ assignee: dan.id }));
      given()
        .when(change(reassign))
        .then([
          'bob@example.com AssignedTo',
          'cat@example.com CC',
          'dan@example.com AssignedTo',
          'eve@example.com CC',
          'quinn@example.com QAcontact',
        ]);
    });

    it('a role holder who turned every event off for the role gets nothing', () => {
      const defaults = defaultMailPreferences();
      const silent = { ...defaults, roles: { ...defaults.roles, CC: [] } };
      given(facts({ users: [user(cat, { preferences: silent })] }))
        .when(change(commentAdded('Quiet.')))
        .then(['ann@example.com Reporter', 'bob@example.com AssignedTo', 'eve@example.com CC', 'quinn@example.com QAcontact']);
    });

    it('only the added-removed event wanted: mail when one’s own role changed, not otherwise', () => {
      const defaults = defaultMailPreferences();
      const onlyOwnRole = { ...defaults, roles: { ...defaults.roles, AssignedTo: ['added-removed' as const] } };
      const world = facts({ users: [user(bob, { preferences: onlyOwnRole })] });
      const reassign = bugUpdated({ assignee: dan }, ann, participants(), participants({ assignee: dan.id }));
      expect(decideBugRecipients(change(reassign), world).map((mail) => mail.user.id)).toContain(bob.id);
      expect(decideBugRecipients(change(commentAdded('Hi')), world).map((mail) => mail.user.id)).not.toContain(bob.id);
    });
  });

  describe('per recipient checks', () => {
    it('a user whose mail is disabled gets nothing', () => {
      given(facts({ users: [user(cat, { emailEnabled: false })] }))
        .when(change(commentAdded('Hi')))
        .then(['ann@example.com Reporter', 'bob@example.com AssignedTo', 'eve@example.com CC', 'quinn@example.com QAcontact']);
    });

    it('a user who cannot see the bug gets nothing; a member of its groups does', () => {
      const hidden = bugFacts({ groupIds: [9], isCcAccessible: false, isCreatorAccessible: false });
      given(facts({ bug: hidden, users: [user(eve, { groupIds: [9], isInsider: true })] }))
        .when(change(commentAdded('Secret bug.')))
        .then(['bob@example.com AssignedTo', 'eve@example.com CC', 'quinn@example.com QAcontact']);
    });

    it('a user identity does not know is skipped', () => {
      const world = facts();
      const users = new Map(world.users);
      users.delete(cat.id);
      given({ ...world, users })
        .when(change(commentAdded('Hi')))
        .then(['ann@example.com Reporter', 'bob@example.com AssignedTo', 'eve@example.com CC', 'quinn@example.com QAcontact']);
    });

    it('an UNCONFIRMED bug is mailed by default, not to a user who opted out of it', () => {
      const unconfirmed = facts({ bug: bugFacts({}, 'UNCONFIRMED') });
      expect(decideBugRecipients(change(commentAdded('Hi')), unconfirmed)).toHaveLength(5);
      const defaults = defaultMailPreferences();
      const noUnconfirmed = { ...defaults, roles: { ...defaults.roles, Reporter: [...BUG_MAIL_EVENTS] } };
      given({ ...unconfirmed, users: new Map([...unconfirmed.users, [ann.id, user(ann, { preferences: noUnconfirmed })]]) })
        .when(change(commentAdded('Hi')))
        .then(['bob@example.com AssignedTo', 'cat@example.com CC', 'eve@example.com CC', 'quinn@example.com QAcontact']);
    });
  });

  describe('what each may read', () => {
    it('a private comment alone reaches only the insiders: the others’ mails are left empty and dropped', () => {
      given()
        .when(change(commentAdded('Internal note.', { isPrivate: true })))
        .then(['eve@example.com CC']);
    });

    it('a private comment with a public change: non-insiders get the change without the comment', () => {
      const mails = decideBugRecipients(change(bugUpdated({ priority: 'P1' }), commentAdded('Internal.', { isPrivate: true })), facts());
      const cats = mails.find((mail) => mail.user.id === cat.id);
      const eves = mails.find((mail) => mail.user.id === eve.id);
      expect(cats?.content).toEqual({ fields: [{ field: 'priority', removed: 'P3', added: 'P1', attachment: null }], comments: [] });
      expect(eves?.content.comments.map((comment) => comment.text)).toEqual(['Internal.']);
    });

    it('time tracking reaches only the time trackers', () => {
      given()
        .when(change(bugUpdated({ estimatedTime: 5, remainingTime: 5 })))
        .then(['eve@example.com CC']);
    });

    it('hours worked are blanked, and their row hidden, for those outside time tracking', () => {
      const mails = decideBugRecipients(change(commentAdded('Worked on it.', { workTime: 2.5 })), facts());
      const cats = mails.find((mail) => mail.user.id === cat.id);
      const eves = mails.find((mail) => mail.user.id === eve.id);
      expect(cats?.content.fields).toEqual([]);
      expect(cats?.content.comments[0]?.workTime).toBe(0);
      expect(eves?.content.fields).toEqual([{ field: 'work_time', removed: null, added: '2.5', attachment: null }]);
      expect(eves?.content.comments[0]?.workTime).toBe(2.5);
    });

    it('changes to a private attachment reach only insiders', () => {
      const privateChange = {
        type: 'AttachmentUpdated' as const,
        data: {
          bugId: 42,
          attachmentId: 7,
          changedBy: dan,
          changes: { summary: 'New name' },
          before: { summary: 'Old name' },
          isPrivate: true,
          participants: participants(),
        },
      };
      given().when(change(privateChange)).then(['eve@example.com CC']);
    });

    it('a new bug’s mail carries its description as the first comment', () => {
      const mails = decideBugRecipients(change(bugCreated()), facts());
      expect(mails.find((mail) => mail.user.id === bob.id)?.content.comments.map((comment) => comment.text)).toEqual(['It crashes.']);
      expect(mails.map((mail) => mail.user.id)).toEqual([bob.id, cat.id, eve.id, quinn.id]);
    });
  });

  describe('user watching (Bugzilla’s BugMail.pm: watchers inherit the watched users’ relationships)', () => {
    const watching = (entries: ReadonlyArray<[number, number[]]>): ReadonlyMap<number, readonly number[]> => new Map(entries);
    /** "login Reason… | WatchReason… logins…", as the two headers will read */
    const headers = (mails: readonly BugMailRecipient[]): string[] =>
      mails.map(
        (mail) =>
          `${mail.user.email} ${mail.reasons.join(' ') || 'None'} | ${[...mail.watching.reasons, ...mail.watching.logins].join(' ') || 'None'}`,
      );

    it('a watcher gets the mail the watched user gets, naming the watched user and their role; the others are unchanged', () => {
      const mails = decideBugRecipients(change(commentAdded('Hi')), facts({ watchersOf: watching([[cat.id, [wes.id]]]) }));
      expect(headers(mails)).toEqual([
        'ann@example.com Reporter | None',
        'bob@example.com AssignedTo | None',
        'cat@example.com CC | None',
        'eve@example.com CC | None',
        'quinn@example.com QAcontact | None',
        'wes@example.com None | CC cat@example.com',
      ]);
      expect(mails.find((mail) => mail.user.id === wes.id)?.content.comments.map((comment) => comment.text)).toEqual(['Hi']);
    });

    it('watching several: every kept role in Bugzilla’s order, then the watched users', () => {
      const world = facts({
        watchersOf: watching([
          [cat.id, [wes.id]],
          [bob.id, [wes.id]],
        ]),
      });
      expect(headers(decideBugRecipients(change(commentAdded('Hi')), world)).at(-1)).toBe(
        'wes@example.com None | AssignedTo CC bob@example.com cat@example.com',
      );
    });

    it('a watcher who is involved themself gets one mail, with both reasons', () => {
      const mails = decideBugRecipients(change(commentAdded('Hi')), facts({ watchersOf: watching([[cat.id, [eve.id]]]) }));
      expect(headers(mails.filter((mail) => mail.user.id === eve.id))).toEqual(['eve@example.com CC | CC cat@example.com']);
      expect(mails).toHaveLength(5);
    });

    it('the watcher’s own checks apply: mail disabled, a bug they cannot see, their own preferences', () => {
      const watched = watching([[cat.id, [wes.id]]]);
      const idsOf = (world: MailFacts): number[] => decideBugRecipients(change(commentAdded('Hi')), world).map((mail) => mail.user.id);
      expect(idsOf(facts({ watchersOf: watched, users: [user(wes, { emailEnabled: false })] }))).not.toContain(wes.id);
      const hidden = bugFacts({ groupIds: [9], isCcAccessible: true, isCreatorAccessible: false });
      // the watched CC member sees it as a CC member; their watcher is in no role and none of its groups
      expect(idsOf(facts({ watchersOf: watched, bug: hidden }))).toEqual([bob.id, cat.id, eve.id, quinn.id]);
      const defaults = defaultMailPreferences();
      const noCcMail = { ...defaults, roles: { ...defaults.roles, CC: [] } };
      expect(idsOf(facts({ watchersOf: watched, users: [user(wes, { preferences: noCcMail })] }))).not.toContain(wes.id);
      // the watched user's own setting is theirs alone
      expect(idsOf(facts({ watchersOf: watched, users: [user(cat, { preferences: noCcMail })] }))).toEqual([
        ann.id,
        bob.id,
        eve.id,
        quinn.id,
        wes.id,
      ]);
    });

    it('a private comment reaches a watcher of an insider only when the watcher is an insider too', () => {
      const privateNote = change(commentAdded('Internal.', { isPrivate: true }));
      const watched = watching([[eve.id, [wes.id]]]);
      expect(headers(decideBugRecipients(privateNote, facts({ watchersOf: watched })))).toEqual(['eve@example.com CC | None']);
      const insider = facts({ watchersOf: watched, users: [user(wes, { isInsider: true })] });
      expect(headers(decideBugRecipients(privateNote, insider))).toEqual([
        'eve@example.com CC | None',
        'wes@example.com None | CC eve@example.com',
      ]);
    });

    it('the watched user’s own change reaches their watcher; the watcher’s own change does not reach the watcher', () => {
      const world = facts({ watchersOf: watching([[cat.id, [wes.id]]]) });
      const byCat = decideBugRecipients(change(commentAdded('Mine.', { author: cat })), world).map((mail) => mail.user.id);
      expect(byCat).toEqual([ann.id, bob.id, eve.id, quinn.id, wes.id]);
      const byWes = decideBugRecipients(change(commentAdded('Watching.', { author: wes })), world).map((mail) => mail.user.id);
      expect(byWes).not.toContain(wes.id);
    });

    it('watching is not passed on, and the watcher’s events are their own (the watched user’s CC removal is not theirs)', () => {
      const chain = facts({
        watchersOf: watching([
          [cat.id, [wes.id]],
          [wes.id, [dan.id]],
        ]),
      });
      expect(decideBugRecipients(change(commentAdded('Hi')), chain).map((mail) => mail.user.id)).not.toContain(dan.id);
      const removeCat = bugUpdated({ cc: { added: [], removed: [cat] } }, ann, participants(), participants({ cc: [eve.id] }));
      given(facts({ watchersOf: watching([[cat.id, [wes.id]]]) }))
        .when(change(removeCat))
        .then(['cat@example.com CC']);
    });

    it('a watcher of a global watcher gets every mail the global watcher gets, as Bugzilla', () => {
      const world = facts({ globalWatcherIds: [gil.id], watchersOf: watching([[gil.id, [wes.id]]]) });
      expect(headers(decideBugRecipients(change(commentAdded('Hi')), world)).at(-1)).toBe(
        'wes@example.com None | GlobalWatcher gil@example.com',
      );
    });
  });
});
