import { deciderSpec } from '@tracker/testing';
import {
  ANN,
  APPROVAL,
  ASSIGNEE,
  ATTACHMENT,
  attachmentFlags,
  BUG,
  bugFlags,
  compact,
  decision,
  DISABLED,
  existing,
  FEEDBACK,
  GRANTER,
  input,
  INSIDER,
  NEEDINFO,
  NOBODY,
  OUTSIDER,
  REPORTER,
  REVIEW,
  SECRET,
} from '../testing/flag-world.fixture';
import { flagDecider } from './decide-flags';

const flags = deciderSpec(flagDecider);
const secretBug = { ...BUG, groupIds: [SECRET.id] };
const privateAttachment = { ...ATTACHMENT, isPrivate: true };
const cannotSee = (who: string, type: string, where: string): string =>
  `You asked ${who} for ${type} on ${where}, but that bug has been restricted to users in certain groups, and the user you asked isn't in all the groups to which the bug has been restricted. Please choose someone else to ask, or make the bug accessible to users on its CC: list and add that user to the list.`;
const ask = (requestee: string, typeId = NEEDINFO.id): ReturnType<typeof input> => input('?', { typeId, requestee });

describe('asking someone for a flag (docs/flags.md §3.5)', () => {
  it.each([
    [
      'the type is not specifically requestable',
      decision([bugFlags(ask(ANN.login, FEEDBACK.id))]),
      131,
      "You can't ask a specific person for feedback.",
    ],
    [
      '… which is checked before the account',
      decision([bugFlags(ask(DISABLED.login, FEEDBACK.id))]),
      131,
      "You can't ask a specific person for feedback.",
    ],
    [
      'the account is disabled',
      decision([bugFlags(ask(DISABLED.login))]),
      32000,
      "You can't ask gone@example.com because that account is disabled.",
    ],
    [
      'they cannot see the bug',
      decision([bugFlags(ask(OUTSIDER.login))], { bug: secretBug }),
      32000,
      cannotSee('outsider@example.com', 'needinfo', 'bug 42'),
    ],
    [
      '… named with their real name',
      decision([bugFlags(ask(GRANTER.login))], { bug: secretBug, caller: ANN }),
      32000,
      cannotSee('Gina Granter <granter@example.com>', 'needinfo', 'bug 42'),
    ],
    [
      '… on an attachment of the bug',
      decision([attachmentFlags(ATTACHMENT.id, ask(OUTSIDER.login, REVIEW.id))], { bug: secretBug }),
      32000,
      cannotSee('outsider@example.com', 'review', 'bug 42, attachment 70'),
    ],
    [
      'they are on the CC list but the bug is not accessible to its CC list',
      decision([bugFlags(ask(OUTSIDER.login))], { bug: { ...secretBug, ccIds: [OUTSIDER.id] } }),
      32000,
      cannotSee('outsider@example.com', 'needinfo', 'bug 42'),
    ],
    [
      'the attachment is private and they are no insider',
      decision([attachmentFlags(ATTACHMENT.id, ask(OUTSIDER.login, REVIEW.id))], { attachments: [privateAttachment] }),
      32000,
      "You asked outsider@example.com for review on bug 42, attachment 70, but that attachment is restricted to users in the insiders group, and the user you asked isn't in that group. Please choose someone else to ask, or ask an administrator to add the user to the group.",
    ],
    [
      'they may not set the flag',
      decision([bugFlags(ask(NOBODY.login, APPROVAL.id))]),
      32000,
      'nobody@example.com does not have permission to set the approval flag. Please select a user who is a member of the granters group.',
    ],
  ])('refuses when %s', (_case, command, code, message) => {
    flags.given().when(command).thenRefuses(code, message);
  });

  it.each([
    ['a member of all the bug’s groups', decision([bugFlags(ask(ANN.login))], { bug: secretBug }), ANN.login],
    [
      'a CC member of a bug accessible to its CC list',
      decision([bugFlags(ask(OUTSIDER.login))], { bug: { ...secretBug, ccIds: [OUTSIDER.id], isCcAccessible: true } }),
      OUTSIDER.login,
    ],
    ['the assignee', decision([bugFlags(ask(ASSIGNEE.login))], { bug: secretBug, caller: ANN }), ASSIGNEE.login],
    [
      'the reporter of a bug accessible to its reporter',
      decision([bugFlags(ask(REPORTER.login))], { bug: secretBug, caller: ANN }),
      REPORTER.login,
    ],
    [
      'an insider, on a private attachment',
      decision([attachmentFlags(ATTACHMENT.id, ask(INSIDER.login, REVIEW.id))], { attachments: [privateAttachment] }),
      INSIDER.login,
    ],
    ['oneself', decision([bugFlags(ask(GRANTER.login, APPROVAL.id))]), GRANTER.login],
    [
      'oneself, when identity was not asked about the caller',
      decision([bugFlags(ask('Granter@example.com', APPROVAL.id))], { users: [] }),
      GRANTER.login,
    ],
    ['a member of the grant group', decision([bugFlags(ask(ANN.login, APPROVAL.id))]), ANN.login],
  ])('asks %s', (_case, command, login) => {
    const [event] = flags.given().when(command).events();
    expect(event?.data.changes.map((change) => change.after?.requestee?.login)).toEqual([login]);
  });

  it('does not check a requestee again who is already asked (the account was disabled since)', () => {
    const events = flags
      .given(existing(20, NEEDINFO, '?', NOBODY, DISABLED))
      .when(decision([bugFlags(input('?', { id: 20, requestee: DISABLED.login }))]))
      .events();
    expect(events).toEqual([]);
  });

  it('judges the bug as it will be after the change: a group removed in the same change no longer hides it', () => {
    const events = flags
      .given()
      .when(decision([bugFlags(ask(OUTSIDER.login))], { bug: { ...BUG, groupIds: [] } }))
      .events();
    expect(compact(events)).toEqual([
      { target: null, changes: [[500, 'request', null, 'needinfo#1?(outsider@example.com) by granter@example.com']] },
    ]);
  });
});
