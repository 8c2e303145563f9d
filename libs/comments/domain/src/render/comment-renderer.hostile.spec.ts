import { renderComment } from './comment-renderer';
import type { LinkContext } from './link-context';
import { auditHtml } from './testing/html-audit';

/**
 * The renderer is an injection path if anything here fails: every hostile input must come
 * out as inert text or as the few tags and attributes the renderer emits itself.
 */
const context: LinkContext = { currentBugId: 4, bugExists: () => true, attachmentExists: () => true };
const render = (text: string, markdown: boolean): string => renderComment(text, markdown, context);

const HOSTILE: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg/onload=alert(1)>',
  '"><script>alert(1)</script>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'http://example.com/"onmouseover="alert(1)',
  "http://example.com/'onmouseover='alert(1)",
  'http://example.com/<script>',
  'http://a.b/x&quot;onclick=alert(1)',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](&#x6A;avascript:alert(1))',
  '[x](&#106;avascript&#58;alert(1))',
  '[x](<java\tscript:alert(1)>)',
  '[x](java%0Ascript:alert(1))',
  '[x](%6Aavascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](file:///etc/passwd)',
  '[x](http://example.com/" onclick="alert(1))',
  '[x](<http://example.com/" onclick="alert(1)>)',
  '[x](http://example.com "title\\" onclick=\\"alert(1)")',
  '![x](javascript:alert(1))',
  '<javascript:alert(1)>',
  '<http://example.com/"onmouseover="alert(1)>',
  '```"><script>alert(1)</script>\ncode\n```',
  '[ref]: javascript:alert(1)\n\n[ref]',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;',
  '\uFDD20\uFDD3 bug 5 \uFDD21\uFDD3',
  'mailto:"onmouseover=alert(1)"@example.com',
  'x"@example.com',
  'bug 5" onmouseover="alert(1)',
  'comment 3"><script>',
  'attachment 7 [details]"><script>',
  '\u202Eevil\u202C text \u0000\u0007',
  '> <script>quoted</script>\n> bug 5',
  '| <script> | x |\n|---|---|\n| [a](javascript:1) | b |',
  '<!-- comment --><style>body{}</style>',
  '<iframe src="http://evil"></iframe>',
  '<<script>script>alert(1)<</script>/script>',
];

describe('rendering hostile input', () => {
  it.each(HOSTILE.flatMap((text) => [[text, false] as const, [text, true] as const]))('keeps %j inert (markdown: %s)', (text, markdown) => {
    expect(auditHtml(render(text, markdown))).toEqual([]);
  });

  it('escapes script tags and attribute breakouts exactly', () => {
    expect(render('<script>alert("x")</script>', false)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(render('<script>alert("x")</script>', true)).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>\n');
    expect(render('http://example.com/"onmouseover="alert(1)', false)).toBe(
      '<a href="http://example.com/">http://example.com/</a>&quot;onmouseover=&quot;alert(1)',
    );
  });

  it('never links javascript:, whatever the spelling', () => {
    expect(render('javascript:alert(1)', false)).toBe('javascript:alert(1)');
    expect(render('[x](javascript:alert(1))', true)).toBe('<p>[x](javascript:alert(1))</p>\n');
    expect(render('[x](<java\tscript:alert(1)>)', true)).toBe('<p>[x](&lt;java\tscript:alert(1)&gt;)</p>\n');
    expect(render('[x](%6Aavascript:alert(1))', true)).toBe('<p>[x](%6Aavascript:alert(1))</p>\n');
  });

  it('shows entities as the text they spell, never as markup', () => {
    expect(render('&lt;b&gt;', false)).toBe('&amp;lt;b&amp;gt;');
    expect(render('&lt;b&gt;', true)).toBe('<p>&lt;b&gt;</p>\n');
  });

  it('cannot forge the linkifier placeholders', () => {
    expect(render('\uFDD20\uFDD3 bug 5', false)).toBe('0 <a class="bz_bug_link" href="show_bug.cgi?id=5">bug 5</a>');
  });

  it('removes bidirectional overrides and control characters', () => {
    expect(render('a\u202Eb\u0000c\u0007d', false)).toBe('abcd');
  });

  it('stays inert under random mixtures of hostile fragments', () => {
    const fragments = [
      ...HOSTILE,
      'bug 5',
      ' ',
      '\n',
      '*',
      '_',
      '`',
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '"',
      "'",
      '&',
      '#',
      ':',
      'http://',
      'a@b.cc',
      '|',
      '\\',
    ];
    let seed = 20261122;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 400; i++) {
      const text = Array.from({ length: 1 + (next() % 12) }, () => fragments[next() % fragments.length]).join('');
      for (const markdown of [false, true]) {
        const problems = auditHtml(render(text, markdown));
        if (problems.length > 0) throw new Error(`${JSON.stringify(text)} (markdown ${markdown}): ${problems.join('; ')}`);
      }
    }
  });
});
