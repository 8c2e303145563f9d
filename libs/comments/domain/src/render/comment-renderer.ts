import { linkifyText } from './bugzilla-linkifier';
import { type LinkContext, ReferenceCollector } from './link-context';
import { renderMarkdown } from './markdown-renderer';

/**
 * A comment's HTML: Markdown, or plain text as Bugzilla's render_comment gives it (the
 * linkified text, newlines kept, for a `<pre>`). Line ends are normalised first, as
 * stored comments are, and the two noncharacters the linkifier uses as placeholders are
 * removed wherever they stand (code blocks included).
 */
export function renderComment(text: string, isMarkdown: boolean, context: LinkContext): string {
  const normalised = text.replace(/\r\n?/g, '\n').replace(/[\uFDD2\uFDD3]/g, '');
  return isMarkdown ? renderMarkdown(normalised, context) : linkifyText(normalised, context, { colorQuotes: true });
}

/** The bug ids a rendering would link if they exist: ask about these, then render for real. */
export function referencedBugIds(text: string, isMarkdown: boolean, currentBugId: number | null): number[] {
  const collector = new ReferenceCollector(currentBugId);
  renderComment(text, isMarkdown, collector);
  return collector.bugIds;
}
