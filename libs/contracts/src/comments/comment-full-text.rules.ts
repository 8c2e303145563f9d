/**
 * R5's `text` is the comment body with the text Bugzilla adds itself (the duplicate note);
 * `raw_text` is the body alone. Bugzilla's format_comment template puts the note after
 * the body and a blank line, and the note alone when the body is empty. Shared so that
 * every reader of the comment events (comments, mails, history) shows the same text.
 */
export function commentFullText(body: string, addedText: string | null): string {
  if (addedText === null || addedText === '') return body;
  return body === '' ? addedText : `${body}\n\n${addedText}`;
}
