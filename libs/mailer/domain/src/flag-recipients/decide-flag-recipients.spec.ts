import type { FlagChange } from '@tracker/contracts';
import { defaultMailPreferences } from '../preferences/mail-preferences';
import { bob, bugFacts, cat, change, commentAdded, dan, eve, facts, flag, flagsChanged, user } from '../testing/mail-world.fixture';
import type { MailFacts } from '../recipients/mail-facts';
import { decideFlagRecipients } from './decide-flag-recipients';

const LEAD = 'lead@example.com';
const request: FlagChange = { flagId: 1, reason: 'request', before: null, after: flag('?', dan, bob, [LEAD, cat.login]) };
const granted: FlagChange = { flagId: 1, reason: 'request', before: flag('?', dan, bob, [LEAD]), after: flag('+', bob, null, [LEAD]) };

function mails(world: MailFacts, ...changes: FlagChange[]): string[] {
  return decideFlagRecipients(change(flagsChanged(changes)), world).map(
    (mail) => `${mail.address} ${mail.flags.map((item) => item.reasons.join('+')).join(',')}`,
  );
}

describe('decideFlagRecipients: flag mail (reference §11.3, docs/flags.md §8)', () => {
  it('a request mails the requestee and the type’s cc list, accounts and bare addresses alike', () => {
    expect(mails(facts(), request)).toEqual(['bob@example.com requestee', 'cat@example.com cc-list', 'lead@example.com cc-list']);
  });

  it('an answered request goes back to its requester', () => {
    expect(mails(facts(), granted)).toEqual(['dan@example.com requester', 'lead@example.com cc-list']);
  });

  it('a cleared request goes back to its requester too', () => {
    const cleared: FlagChange = { flagId: 1, reason: 'request', before: flag('?', dan, bob), after: null };
    expect(mails(facts(), cleared)).toEqual(['dan@example.com requester']);
  });

  it('a request whose requestee stays the same mails nobody new', () => {
    const same: FlagChange = { flagId: 1, reason: 'request', before: flag('?', dan, bob), after: flag('?', cat, bob) };
    expect(mails(facts(), same)).toEqual([]);
  });

  it('a requestee on the cc list gets one mail naming both reasons', () => {
    const onBoth: FlagChange = { flagId: 1, reason: 'request', before: null, after: flag('?', dan, bob, [bob.login.toUpperCase()]) };
    expect(mails(facts(), onBoth)).toEqual(['bob@example.com requestee+cc-list']);
  });

  it('the global events are preferences: a requestee who turned flag-requested off is not mailed', () => {
    const preferences = { ...defaultMailPreferences(), global: [] };
    expect(mails(facts({ users: [user(bob, { preferences })] }), request)).toEqual(['cat@example.com cc-list', 'lead@example.com cc-list']);
  });

  it('disabled mail and a bug one cannot see drop the recipient; a bare address is dropped for a bug in a group', () => {
    const hidden = bugFacts({ groupIds: [9], isCcAccessible: false });
    const world = facts({ bug: hidden, users: [user(cat, { emailEnabled: false })] });
    expect(mails(world, request)).toEqual(['bob@example.com requestee']);
  });

  it('a private attachment’s flags reach insiders only, never a bare address', () => {
    const onEve: FlagChange = { flagId: 2, reason: 'request', before: null, after: flag('?', dan, bob, [LEAD, cat.login, eve.login]) };
    const result = decideFlagRecipients(change(flagsChanged([onEve], { id: 7, isPrivate: true })), facts());
    expect(result.map((mail) => mail.address)).toEqual(['eve@example.com']);
    expect(result[0]?.flags[0]?.attachment).toEqual({ id: 7, isPrivate: true });
  });

  it('the comments of the same change ride along, private ones for insiders only', () => {
    const withComment = change(
      flagsChanged([request]),
      commentAdded('Internal.', { isPrivate: true }),
      commentAdded('Please look.', { commentId: 102 }),
    );
    const result = decideFlagRecipients(withComment, facts());
    expect(result.map((mail) => [mail.address, mail.comments.map((comment) => comment.text)])).toEqual([
      ['bob@example.com', ['Please look.']],
      ['cat@example.com', ['Please look.']],
      ['lead@example.com', ['Please look.']],
    ]);
    const toEve = decideFlagRecipients(withComment, facts({ users: [user(bob, { isInsider: true })] }));
    expect(toEve[0]?.comments.map((comment) => comment.text)).toEqual(['Internal.', 'Please look.']);
  });
});
