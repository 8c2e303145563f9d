/**
 * The comments service's lock namespaces: `attachment-blob` per SHA-256 (promotion and the
 * sweeper's delete of one content object), `attachment-sweep` for the whole sweep, which a
 * read-model rebuild also takes (docs/attachments.md §6.3-6.4).
 */
export type CommentsLock = 'attachment-blob' | 'attachment-sweep';
