import { BUG_MAIL_EVENTS } from '../preferences/mail-events';
import { defaultMailPreferences } from '../preferences/mail-preferences';
import type { BugMailChange } from '../change/bug-mail-change';
import type { BugMailFacts, MailFacts } from '../recipients/mail-facts';
import { bugFacts, bugUpdated, cat, change, commentAdded, dan, eve, facts, gil, quinn, user, wes } from '../testing/mail-world.fixture';
import { decideDepChangedRecipients, depChangedTargets } from './decide-dep-changed-recipients';

/** Bug 42 (Ann's, Bob's, Quinn's, Cat and Eve on CC) blocks bug 77: Cat reported it, Quinn has it, Eve and Dan are on its CC. */
const BLOCKED = 77;
const blocker = (access: Partial<BugMailFacts['access']> = {}): BugMailFacts => bugFacts(access, 'RESOLVED', [BLOCKED]);
const blockedBug = (access: Partial<BugMailFacts['access']> = {}, status = 'CONFIRMED'): BugMailFacts =>
  bugFacts({ reporterId: cat.id, assigneeId: quinn.id, qaContactId: null, ccIds: [eve.id, dan.id], ...access }, status);
const closed = change(bugUpdated({ status: 'RESOLVED', isOpen: false, resolution: 'FIXED' }), commentAdded('Done.'));

/** given(the blocker, the blocked bug's world).when(change).then(["login Reason …"]): who is told that bug 42 changed state. */
function given(
  blockerFacts: BugMailFacts = blocker(),
  world: MailFacts = facts({ bug: blockedBug() }),
): { when(mailChange: BugMailChange): { then(expected: readonly string[]): void } } {
  return {
    when: (mailChange) => ({
      then: (expected) => {
        const mails = decideDepChangedRecipients(mailChange, blockerFacts, world);
        expect(mails.map((mail) => `${mail.user.email} ${mail.reasons.join(' ')}`)).toEqual(expected);
      },
    }),
  };
}

describe('dep_changed: a bug that opens or closes tells the bugs it blocks (reference §11.1)', () => {
  it('only a move between open and closed tells anyone: every bug it blocks then', () => {
    expect(depChangedTargets(closed, blocker())).toEqual([BLOCKED]);
    expect(depChangedTargets(change(bugUpdated({ status: 'REOPENED', isOpen: true, resolution: '' })), blocker())).toEqual([BLOCKED]);
    expect(depChangedTargets(change(bugUpdated({ status: 'IN_PROGRESS' })), blocker())).toEqual([]);
    expect(depChangedTargets(closed, bugFacts())).toEqual([]);
  });

  it('the blocked bug’s own role holders are told, not the changer (their own change), in user id order', () => {
    given().when(closed).then(['cat@example.com Reporter', 'eve@example.com CC', 'quinn@example.com AssignedTo']);
  });

  it('the mail is of type dep_changed and says only how the status and resolution moved, old and new, no comment', () => {
    const [first] = decideDepChangedRecipients(closed, blocker(), facts({ bug: blockedBug() }));
    expect(first?.type).toBe('dep_changed');
    expect(first?.content).toEqual({
      fields: [
        { field: 'bug_status', removed: 'CONFIRMED', added: 'RESOLVED', attachment: null },
        { field: 'resolution', removed: '', added: 'FIXED', attachment: null },
      ],
      comments: [],
    });
  });

  it('whoever cannot see the blocker is not told (Bugzilla’s dep_ok: its summary must not leak)', () => {
    const secret = blocker({ groupIds: [9], isCcAccessible: false, isCreatorAccessible: false });
    given(secret).when(closed).then(['quinn@example.com AssignedTo']);
    given(secret, facts({ bug: blockedBug(), users: [user(cat, { groupIds: [9] })] }))
      .when(closed)
      .then(['cat@example.com Reporter', 'quinn@example.com AssignedTo']);
  });

  it('whoever cannot see the blocked bug, or has mail disabled, is not told', () => {
    const hidden = blockedBug({ groupIds: [9], isCcAccessible: false, isCreatorAccessible: false });
    given(blocker(), facts({ bug: hidden }))
      .when(closed)
      .then(['quinn@example.com AssignedTo']);
    given(blocker(), facts({ bug: blockedBug(), users: [user(eve, { emailEnabled: false })] }))
      .when(closed)
      .then(['cat@example.com Reporter', 'quinn@example.com AssignedTo']);
  });

  it('the event is `dependencies`: a role that turned it off is not told; global watchers always are', () => {
    const defaults = defaultMailPreferences();
    const noDependencies = {
      ...defaults,
      roles: { ...defaults.roles, Reporter: BUG_MAIL_EVENTS.filter((event) => event !== 'dependencies') },
    };
    given(blocker(), facts({ bug: blockedBug(), users: [user(cat, { preferences: noDependencies })], globalWatcherIds: [gil.id] }))
      .when(closed)
      .then(['eve@example.com CC', 'quinn@example.com AssignedTo', 'gil@example.com GlobalWatcher']);
  });

  it('an UNCONFIRMED blocked bug is mailed by default, not to a role that opted out of UNCONFIRMED bugs', () => {
    const defaults = defaultMailPreferences();
    const noUnconfirmed = { ...defaults, roles: { ...defaults.roles, Reporter: [...BUG_MAIL_EVENTS] } };
    given(blocker(), facts({ bug: blockedBug({}, 'UNCONFIRMED'), users: [user(cat, { preferences: noUnconfirmed })] }))
      .when(closed)
      .then(['eve@example.com CC', 'quinn@example.com AssignedTo']);
  });

  it('a watcher of the blocked bug’s role holder is told too, when they can see both bugs, naming whom they watch', () => {
    const watched = facts({ bug: blockedBug(), watchersOf: new Map([[quinn.id, [wes.id]]]) });
    const mails = decideDepChangedRecipients(closed, blocker(), watched);
    expect(mails.map((mail) => [mail.user.email, mail.reasons, mail.watching])).toEqual([
      ['cat@example.com', ['Reporter'], { reasons: [], logins: [] }],
      ['eve@example.com', ['CC'], { reasons: [], logins: [] }],
      ['quinn@example.com', ['AssignedTo'], { reasons: [], logins: [] }],
      ['wes@example.com', [], { reasons: ['AssignedTo'], logins: ['quinn@example.com'] }],
    ]);
    const secret = blocker({ groupIds: [9], isCcAccessible: false, isCreatorAccessible: false });
    expect(decideDepChangedRecipients(closed, secret, watched).map((mail) => mail.user.email)).toEqual(['quinn@example.com']);
  });
});
