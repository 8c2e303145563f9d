import { BUG_MAIL_EVENTS, BUGZILLA_EVENT_NUMBERS, MAIL_ROLES } from './mail-events';
import { defaultMailPreferences, wantsBugMail, wantsGlobalMail } from './mail-preferences';

const plain = { ownChange: false, unconfirmed: false };

describe('mail preferences: Bugzilla’s defaults and wants_bug_mail', () => {
  it('a new account wants events 0-11 and 50 for every role, except CC changes, which only the reporter wants', () => {
    const defaults = defaultMailPreferences();
    for (const role of MAIL_ROLES) {
      const numbers = defaults.roles[role].map((event) => BUGZILLA_EVENT_NUMBERS[event]).sort((a, b) => a - b);
      const expected = [0, 1, 2, 3, 4, 5, 6, 7, ...(role === 'Reporter' ? [8] : []), 9, 10, 11, 50];
      expect({ role, numbers }).toEqual({ role, numbers: expected });
    }
    expect(defaults.global.map((event) => BUGZILLA_EVENT_NUMBERS[event])).toEqual([100, 101]);
  });

  it('one wanted event is enough', () => {
    expect(wantsBugMail(defaultMailPreferences(), 'CC', new Set(['cc', 'comment']), plain)).toBe(true);
    expect(wantsBugMail(defaultMailPreferences(), 'CC', new Set(['cc']), plain)).toBe(false);
    expect(wantsBugMail(defaultMailPreferences(), 'Reporter', new Set(['cc']), plain)).toBe(true);
  });

  it('one’s own change is excluded unless changed-by-me is on', () => {
    const own = { ownChange: true, unconfirmed: false };
    expect(wantsBugMail(defaultMailPreferences(), 'AssignedTo', new Set(['comment']), own)).toBe(false);
    const preferences = {
      ...defaultMailPreferences(),
      roles: { ...defaultMailPreferences().roles, AssignedTo: ['comment', 'changed-by-me'] as const },
    };
    expect(wantsBugMail(preferences, 'AssignedTo', new Set(['comment']), own)).toBe(true);
  });

  it('an UNCONFIRMED bug is excluded unless unconfirmed is on (it is by default)', () => {
    const unconfirmed = { ownChange: false, unconfirmed: true };
    expect(wantsBugMail(defaultMailPreferences(), 'CC', new Set(['comment']), unconfirmed)).toBe(true);
    const preferences = { ...defaultMailPreferences(), roles: { ...defaultMailPreferences().roles, CC: [...BUG_MAIL_EVENTS] } };
    expect(wantsBugMail(preferences, 'CC', new Set(['comment']), unconfirmed)).toBe(false);
  });

  it('a global watcher always wants the mail', () => {
    expect(wantsBugMail(defaultMailPreferences(), 'GlobalWatcher', new Set(), { ownChange: true, unconfirmed: true })).toBe(true);
  });

  it('the flag events are global', () => {
    expect(wantsGlobalMail(defaultMailPreferences(), 'flag-requested')).toBe(true);
    expect(wantsGlobalMail({ ...defaultMailPreferences(), global: ['requested-flag-answered'] }, 'flag-requested')).toBe(false);
  });
});
