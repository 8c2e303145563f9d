import { bugUpdated, cat, change, commentAdded, dan, eve, facts, flag, flagsChanged } from '@tracker/mailer/domain/testing';
import { decideBugRecipients, decideFlagRecipients } from '@tracker/mailer/domain';
import { renderBugMail } from './bug-mail.render';
import { renderFlagMail } from './flag-mail.render';

const hostile = '<script>alert("x")</script> & co';

describe('mail rendering with eta: a text part and an HTML part from the same view', () => {
  const mailChange = change(bugUpdated({ priority: 'P1' }), commentAdded(`Seen: ${hostile}`, { workTime: 2 }));
  const mails = decideBugRecipients(mailChange, facts());
  const toEve = mails.find((mail) => mail.user.id === eve.id);
  const toCat = mails.find((mail) => mail.user.id === cat.id);

  it('the text part is Bugzilla’s plain layout, What | Removed | Added, nothing escaped', () => {
    expect(toEve && renderBugMail(mailChange, hostile, toEve).text).toBe(
      [
        `Bug 42: ${hostile}`,
        '',
        'dan@example.com changed:',
        '',
        'What      | Removed | Added',
        'priority  | P3      | P1',
        'work_time |         | 2',
        '',
        `--- Comment #1 from dan@example.com (2026-11-27T09:00:00Z) ---`,
        `Seen: ${hostile}`,
        'Hours worked: 2',
        '',
        '--',
        'You are receiving this mail because:',
        '* You are on the CC list for the bug.',
        '',
      ].join('\n'),
    );
  });

  it('the HTML part escapes every value: a summary or comment of <script> stays text', () => {
    const html = toEve ? renderBugMail(mailChange, hostile, toEve).html : '';
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co';
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<p>Bug 42: ${escaped}</p>`);
    expect(html).toContain(`<pre>Seen: ${escaped}</pre>`);
    expect(html).toContain('<tr><th>What</th><th>Removed</th><th>Added</th></tr>');
    expect(html).toContain('<tr><td>priority</td><td>P3</td><td>P1</td></tr>');
    expect(html).toContain('<p>Hours worked: 2</p>');
    expect(html).toContain('<li>You are on the CC list for the bug.</li>');
  });

  it('both parts hold only what the recipient may read: no hours for those outside time tracking', () => {
    const rendered = toCat ? renderBugMail(mailChange, 'Crash', toCat) : { text: '', html: '' };
    expect(rendered.text).toContain('priority');
    expect(rendered.text).not.toContain('Hours worked');
    expect(rendered.html).not.toContain('Hours worked');
    expect(rendered.html).not.toContain('work_time');
  });

  it('a flag mail has both parts too, escaped in HTML', () => {
    const flagChange = change(
      flagsChanged([{ flagId: 1, reason: 'request', before: null, after: flag('?', dan, cat) }]),
      commentAdded(hostile),
    );
    const [toRequestee] = decideFlagRecipients(flagChange, facts());
    const rendered = toRequestee ? renderFlagMail(flagChange, 'Crash', toRequestee) : { text: '', html: '' };
    expect(rendered.text).toContain('dan@example.com has requested review?(cat@example.com) on bug 42 (requestee).');
    expect(rendered.text).toContain(hostile);
    expect(rendered.html).toContain('<p>dan@example.com has requested review?(cat@example.com) on bug 42 (requestee).</p>');
    expect(rendered.html).not.toContain('<script>');
  });
});
