import type { LinkContext } from './link-context';
import { renderMarkdown } from './markdown-renderer';

const context: LinkContext = { currentBugId: 4, bugExists: (id) => id < 100, attachmentExists: () => false };
const md = (text: string): string => renderMarkdown(text, context);

describe('Markdown renderer', () => {
  it('renders emphasis, headings and hard line breaks', () => {
    expect(md('# Title\n\nsome *emphasis* and **strong**\nnext line')).toBe(
      '<h1>Title</h1>\n<p>some <em>emphasis</em> and <strong>strong</strong><br>\nnext line</p>\n',
    );
  });

  it('links Bugzilla shorthand in text, also inside emphasis and tables', () => {
    expect(md('see **bug 5**, comment 2')).toBe(
      '<p>see <strong><a class="bz_bug_link" href="show_bug.cgi?id=5">bug 5</a></strong>, <a href="show_bug.cgi?id=4#c2">comment 2</a></p>\n',
    );
    expect(md('| a |\n|:-|\n| bug 6 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th style="text-align:left">a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n' +
        '<td style="text-align:left"><a class="bz_bug_link" href="show_bug.cgi?id=6">bug 6</a></td>\n</tr>\n</tbody>\n</table>\n',
    );
  });

  it('leaves shorthand alone in code and in link text', () => {
    expect(md('`bug 5`\n\n```\nbug 5\n```\n\n[bug 5](http://example.com)')).toBe(
      '<p><code>bug 5</code></p>\n<pre><code>bug 5\n</code></pre>\n<p><a href="http://example.com" rel="nofollow">bug 5</a></p>\n',
    );
  });

  it('marks user links nofollow and links bare URLs', () => {
    expect(md('go to https://example.com/x now')).toBe(
      '<p>go to <a href="https://example.com/x" rel="nofollow">https://example.com/x</a> now</p>\n',
    );
  });

  it('quotes with blockquote instead of colouring ">" lines', () => {
    expect(md('> quoted bug 5')).toBe(
      '<blockquote>\n<p>quoted <a class="bz_bug_link" href="show_bug.cgi?id=5">bug 5</a></p>\n</blockquote>\n',
    );
  });

  it('renders strikethrough and lists', () => {
    expect(md('- ~~old~~\n- new')).toBe('<ul>\n<li><s>old</s></li>\n<li>new</li>\n</ul>\n');
  });

  it('shows raw HTML as text and drops images to a link', () => {
    expect(md('<b>bold</b> ![logo](http://example.com/logo.png)')).toBe(
      '<p>&lt;b&gt;bold&lt;/b&gt; !<a href="http://example.com/logo.png" rel="nofollow">logo</a></p>\n',
    );
  });
});
