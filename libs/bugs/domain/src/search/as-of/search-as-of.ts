/** A search as of an instant (docs/as-of.md): candidates bounded, criteria matched and order applied on folded bugs. */
export * from './as-of-candidates';
export * from './as-of-known';
export * from './as-of-matcher';
export * from './as-of-order';
