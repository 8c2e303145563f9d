/** Each row once, in the order first met (a lookup may name the same one by login and by id). */
export function uniqueRows<T extends { readonly id: number }>(rows: readonly (T | undefined)[]): T[] {
  const byId = new Map<number, T>();
  for (const row of rows) if (row && !byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}
