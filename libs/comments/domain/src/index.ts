export * from './comments.errors';
export * from './comment-tags/comment-tag.check';
export * from './comment-tags/comment-tags.decider';
export * from './render/comment-renderer';
export * from './render/html-escape';
export * from './render/link-context';
export * from './comments-limits';
export * from './comment-tags/comment-tags-as-of';
