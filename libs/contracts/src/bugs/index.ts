export * from './add-comment.message';
export * from './bug-access.message';
export * from './bug-comment.events';
