/**
 * Message-ID and In-Reply-To per bug and recipient, as Bugzilla's templates make them: the
 * bug's first mail to someone is the thread's root, `<bug-N-<recipient>@domain>`; every
 * later one is `<bug-N-<recipient>-<change id>@domain>` and replies to the root, so each
 * mail client threads a bug's mails. Deterministic: a re-sent job keeps its Message-ID.
 */
export function threadingHeaders(
  bugId: number,
  recipientKey: string,
  changeId: string,
  isNew: boolean,
  from: string,
): Record<string, string> {
  const domain = from.slice(from.lastIndexOf('@') + 1);
  const root = `<bug-${bugId}-${recipientKey}@${domain}>`;
  if (isNew) return { 'Message-ID': root };
  return { 'Message-ID': `<bug-${bugId}-${recipientKey}-${changeId}@${domain}>`, 'In-Reply-To': root, References: root };
}
