export * from './comment-text.rules';
export * from './sync.message';
