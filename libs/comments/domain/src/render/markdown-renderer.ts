import MarkdownIt from 'markdown-it';
import { linkifyText } from './bugzilla-linkifier';
import type { LinkContext } from './link-context';

/**
 * Markdown comments as BMO/harmony render them (Bugzilla/Markdown.pm): GitHub-flavoured
 * Markdown with hard line breaks, tables and strikethrough, raw HTML shown as text (never
 * passed through), images dropped, user links marked rel="nofollow", and Bugzilla's
 * shorthand (bug 5, comment 3, attachment 7) linked in the text outside links and code.
 * Links keep only relative targets and the schemes Bugzilla links itself.
 */
const LINK_SCHEMES = new Set([
  'afs',
  'cid',
  'ftp',
  'gopher',
  'http',
  'https',
  'irc',
  'ircs',
  'mid',
  'news',
  'nntp',
  'prospero',
  'telnet',
  'view-source',
  'wais',
  'mailto',
]);

/** Which link context a render call uses; markdown-it hands rules only its `env`. */
const contexts = new WeakMap<object, LinkContext>();

const markdown = createMarkdown();

export function renderMarkdown(text: string, context: LinkContext): string {
  const env = {};
  contexts.set(env, context);
  return markdown.render(text, env);
}

function createMarkdown(): MarkdownIt.MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.disable('image');
  md.validateLink = isAllowedLink;
  md.core.ruler.push('bugzilla_shorthand', (state) => {
    const context = contexts.get(state.env);
    if (!context) return;
    for (const block of state.tokens) {
      if (block.type === 'inline' && block.children) block.children = linkifyChildren(block.children, context, state.Token);
    }
  });
  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules['link_open'] = (tokens, index, options) => {
    tokens[index]?.attrSet('rel', 'nofollow');
    return renderToken(tokens, index, options);
  };
  return md;
}

type Token = MarkdownIt.Token;

/** Text outside links becomes the linkifier's HTML (escaped by it); link text stays as markdown-it renders it. */
function linkifyChildren(children: readonly Token[], context: LinkContext, TokenClass: typeof MarkdownIt.Token): Token[] {
  let linkDepth = 0;
  return children.map((token) => {
    if (token.type === 'link_open') linkDepth += 1;
    if (token.type === 'link_close') linkDepth -= 1;
    if (token.type !== 'text' || linkDepth > 0) return token;
    const html = new TokenClass('html_inline', '', 0);
    html.content = linkifyText(token.content, context, { colorQuotes: false });
    return html;
  });
}

/**
 * markdown-it passes the normalised (percent-encoded) target. A browser ignores white
 * space and control characters inside a scheme, so they are removed after decoding before
 * the scheme is read: `java%09script:` is refused like `javascript:`.
 */
function isAllowedLink(url: string): boolean {
  const compact = safeDecode(url).replace(/[\u0000-\u0020\u007F-\u009F]/g, '');
  const scheme = /^([^:/?#]*):/.exec(compact);
  return scheme === null || LINK_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
