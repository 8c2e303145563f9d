/**
 * Bugzilla's `{id_or_name}` path segment: all digits is an id, anything else a name. It
 * joins the `ids` / `names` of the query, path first, without duplicates (golden 71).
 */
export interface Targets {
  readonly ids?: number[];
  readonly names?: string[];
}

export function withPathTarget(idOrName: string | undefined, targets: Targets): Targets {
  if (idOrName === undefined) return targets;
  if (/^\d+$/.test(idOrName)) return { ...targets, ids: [...new Set([Number(idOrName), ...(targets.ids ?? [])])] };
  return { ...targets, names: [...new Set([idOrName, ...(targets.names ?? [])])] };
}

/** Keys of a loose parameter object that its schema does not know (Bugzilla's unknown setters). */
export function unknownKeys(value: Readonly<Record<string, unknown>>, known: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !known.includes(key));
}
