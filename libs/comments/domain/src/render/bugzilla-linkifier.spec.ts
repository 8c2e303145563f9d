import { linkifyText } from './bugzilla-linkifier';
import type { LinkContext } from './link-context';

/** Bugs 1..99 exist; the text belongs to bug 4; attachment 7 exists. */
const context: LinkContext = { currentBugId: 4, bugExists: (id) => id < 100, attachmentExists: (id) => id === 7 };
const plain = (text: string, on: LinkContext = context): string => linkifyText(text, on, { colorQuotes: true });
const bug = (id: number, text: string, anchor = ''): string => `<a class="bz_bug_link" href="show_bug.cgi?id=${id}${anchor}">${text}</a>`;

describe('Bugzilla linkifier (quoteUrls)', () => {
  it('renders golden 100 text: bug link, unknown attachment as text, quoted line coloured', () => {
    expect(plain('Same here, see bug 1 and attachment 1.\n\n> quoted line')).toBe(
      `Same here, see ${bug(1, 'bug 1')} and attachment 1.\n\n<span class="quote">&gt; quoted line</span >`,
    );
  });

  it('joins consecutive quoted lines into one span', () => {
    expect(plain('> one\n> two\nthree')).toBe('<span class="quote">&gt; one\n&gt; two</span >\nthree');
  });

  it('links bug references in every spelling, with a comment anchor when one follows', () => {
    expect(plain('bug 5, Bug #6, BUG#7, bug 8 comment 2, bug 9, comment #3')).toBe(
      `${bug(5, 'bug 5')}, ${bug(6, 'Bug #6')}, ${bug(7, 'BUG#7')}, ${bug(8, 'bug 8 comment 2', '#c2')}, ${bug(9, 'bug 9, comment #3', '#c3')}`,
    );
  });

  it('leaves references to bugs that do not exist, and words that merely end in "bug", as text', () => {
    expect(plain('bug 100 and debug 5 and bug\n5')).toBe('bug 100 and debug 5 and bug\n5');
  });

  it('links comment references to the current bug, or to an anchor without one', () => {
    expect(plain('see comment 2')).toBe('see <a href="show_bug.cgi?id=4#c2">comment 2</a>');
    expect(plain('see comment 2', { ...context, currentBugId: null })).toBe('see <a href="#c2">comment 2</a>');
  });

  it('links each item of "bugs 1, 2" and "comments 3, #4" lists', () => {
    expect(plain('bugs 1, #2, 300')).toBe(`bugs ${bug(1, '1')}, ${bug(2, '#2')}, 300`);
    expect(plain('comments 3, #4')).toBe('comments <a href="show_bug.cgi?id=4#c3">3</a>, <a href="show_bug.cgi?id=4#c4">#4</a>');
  });

  it('links the old duplicate marker only as the whole last line', () => {
    expect(plain('*** This bug has been marked as a duplicate of 12 ***')).toBe(
      `*** This bug has been marked as a duplicate of ${bug(12, '12')} ***`,
    );
    expect(plain('*** This bug has been marked as a duplicate of 12 *** more')).toBe(
      '*** This bug has been marked as a duplicate of 12 *** more',
    );
  });

  it('links the duplicate note Tracker adds', () => {
    expect(plain('Same crash.\n\n*** This bug has been marked as a duplicate of bug 2 ***')).toBe(
      `Same crash.\n\n*** This bug has been marked as a duplicate of ${bug(2, 'bug 2')} ***`,
    );
  });

  it('links URLs of safe protocols up to a word character or slash, escaping them', () => {
    expect(plain('see https://example.com/a?b=1&c=2. and ftp://host/dir/ then')).toBe(
      'see <a href="https://example.com/a?b=1&amp;c=2">https://example.com/a?b=1&amp;c=2</a>. and <a href="ftp://host/dir/">ftp://host/dir/</a> then',
    );
  });

  it('does not link bug words inside a URL', () => {
    expect(plain('http://example.com/bug/5')).toBe('<a href="http://example.com/bug/5">http://example.com/bug/5</a>');
  });

  it('links e-mail addresses with their @ obscured, as Bugzilla does', () => {
    expect(plain('mail me@example.com or mailto:you@example.org')).toBe(
      'mail <a href="mailto:me&#64;example.com">me&#64;example.com</a> or <a href="mailto:you&#64;example.org">mailto:you&#64;example.org</a>',
    );
  });

  it('links attachments that exist, with the details link', () => {
    expect(plain('attachment 7 [details]')).toBe(
      '<span class=""><a href="attachment.cgi?id=7" name="attach_7" title="">attachment 7</a> <a href="attachment.cgi?id=7&amp;action=edit" title="">[details]</a></span>',
    );
  });

  it('keeps unicode and tabs (golden 153)', () => {
    expect(plain('Body with tab\tand unicode ✓')).toBe('Body with tab\tand unicode ✓');
  });

  it('answers empty text with empty HTML', () => {
    expect(plain('')).toBe('');
  });
});
