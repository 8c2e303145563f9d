/**
 * Bugzilla's html_quote (Bugzilla/Util.pm): escapes `&`, `<`, `>` and `"`, obscures `@` as
 * `&#64;` (so addresses are not harvested from rendered text), drops control characters
 * other than tab and newlines, and drops the bidirectional embedding and override marks
 * (U+202A..U+202E) that could make text display in another order than it reads.
 * Every piece of user text that reaches the HTML goes through here or through markdown-it.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '@': '&#64;' };

const CONTROL_AND_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E]/g;

export function escapeHtml(text: string): string {
  return text.replace(CONTROL_AND_BIDI, '').replace(/[&<>"@]/g, (char) => ENTITIES[char] ?? char);
}
