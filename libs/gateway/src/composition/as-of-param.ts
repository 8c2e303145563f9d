/**
 * The `as_of` of a call as its route's schema parsed it, as `flags.of` takes it: a composer
 * asks for the flags as they were at the instant the caller read the object at (docs/as-of.md).
 */
export function asOfOf(params: unknown): { asOf?: string } {
  const asOf = typeof params === 'object' && params !== null ? (params as { as_of?: unknown }).as_of : undefined;
  return typeof asOf === 'string' ? { asOf } : {};
}
