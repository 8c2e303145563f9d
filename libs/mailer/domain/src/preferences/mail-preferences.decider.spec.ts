import type { MailPreferencesSet } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import { mailPreferencesDecider, type SetMailPreferences } from './mail-preferences.decider';
import { defaultMailPreferences, wantsBugMail } from './mail-preferences';

const preferences = deciderSpec(mailPreferencesDecider);
const set = (relationships: SetMailPreferences['relationships'], global?: readonly string[]): SetMailPreferences => ({
  kind: 'SetMailPreferences',
  userId: 7,
  relationships,
  ...(global ? { global } : {}),
});
const defaults = defaultMailPreferences();
const ccOnlyComments: MailPreferencesSet = {
  type: 'MailPreferencesSet',
  data: { userId: 7, roles: { ...defaults.roles, CC: ['comment'] }, global: defaults.global },
};

describe('mail preferences decider: PUT /rest/user/{id}/mail_preferences', () => {
  it('a user who never set them has Bugzilla’s defaults', () => {
    expect(preferences.given().state).toEqual(defaults);
  });

  it('a relationship named replaces its setting, the others keep theirs; the event carries the whole setting', () => {
    preferences
      .given()
      .when(set({ CC: ['comment'] }))
      .then([ccOnlyComments]);
    expect(preferences.given(ccOnlyComments).state.roles.CC).toEqual(['comment']);
    expect(preferences.given(ccOnlyComments).state.roles.Reporter).toEqual(defaults.roles.Reporter);
  });

  it('events are kept in Bugzilla’s order without repeats, and the flag events replaced when given', () => {
    const [event] = preferences
      .given()
      .when(set({ AssignedTo: ['changed-by-me', 'comment', 'comment'] }, ['requested-flag-answered']))
      .events();
    expect(event?.data.roles['AssignedTo']).toEqual(['comment', 'changed-by-me']);
    expect(event?.data.global).toEqual(['requested-flag-answered']);
  });

  it('setting what is already set records nothing', () => {
    preferences
      .given(ccOnlyComments)
      .when(set({ CC: ['comment'] }))
      .then([]);
    preferences
      .given()
      .when(set({}, ['flag-requested', 'requested-flag-answered']))
      .then([]);
  });

  it('an empty list turns every event of the relationship off, so the stored setting stops its mail', () => {
    const state = preferences.given({ ...ccOnlyComments, data: { ...ccOnlyComments.data, roles: { ...defaults.roles, CC: [] } } }).state;
    expect(wantsBugMail(state, 'CC', new Set(['comment', 'other']), { ownChange: false, unconfirmed: false })).toBe(false);
    expect(wantsBugMail(state, 'Reporter', new Set(['comment']), { ownChange: false, unconfirmed: false })).toBe(true);
  });

  it('refuses an unknown relationship, GlobalWatcher, an unknown event or a flag event on a relationship, naming it (32000)', () => {
    preferences
      .given()
      .when(set({ Voter: ['comment'] }))
      .thenRefuses(32000, "There is no mail relationship 'Voter'. The relationships are AssignedTo, QAcontact, Reporter, CC.");
    expect(
      preferences
        .given()
        .when(set({ GlobalWatcher: [] }))
        .refusal().message,
    ).toMatch(/^GlobalWatcher is not a preference: .*TRACKER_MAIL_GLOBAL_WATCHERS/);
    expect(
      preferences
        .given()
        .when(set({ CC: ['comment', 'coffee'] }))
        .refusal(),
    ).toEqual({
      code: 32000,
      message: expect.stringMatching(/^There is no mail event 'coffee' for CC; the events are other, added-removed, /) as string,
    });
    expect(
      preferences
        .given()
        .when(set({ CC: ['flag-requested'] }))
        .refusal().message,
    ).toMatch(/'flag-requested' for CC/);
    expect(
      preferences
        .given()
        .when(set({}, ['comment']))
        .refusal().message,
    ).toBe("There is no mail event 'comment' for global; the events are flag-requested, requested-flag-answered.");
  });
});
