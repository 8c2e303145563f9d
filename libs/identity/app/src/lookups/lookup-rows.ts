/**
 * Rows asked for by name (case-insensitively) and by id, in the order asked, names before
 * ids, each row once; the names and ids nobody has are listed back for the caller's own
 * error. Users and groups are looked up alike.
 */
export async function lookupRows<Row extends { readonly id: number }>(
  names: readonly string[],
  ids: readonly number[],
  find: { byNames(names: readonly string[]): Promise<Row[]>; byIds(ids: readonly number[]): Promise<Row[]> },
  nameOf: (row: Row) => string,
): Promise<{ rows: Row[]; unknownNames: string[]; unknownIds: number[] }> {
  const [byName, byId] = await Promise.all([find.byNames(names), find.byIds(ids)]);
  const nameKey = new Map(byName.map((row) => [nameOf(row).toLowerCase(), row]));
  const idKey = new Map(byId.map((row) => [row.id, row]));
  const rows = new Map<number, Row>();
  for (const row of [...names.map((name) => nameKey.get(name.toLowerCase())), ...ids.map((id) => idKey.get(id))]) {
    if (row && !rows.has(row.id)) rows.set(row.id, row);
  }
  return {
    rows: [...rows.values()],
    unknownNames: names.filter((name) => !nameKey.has(name.toLowerCase())),
    unknownIds: ids.filter((id) => !idKey.has(id)),
  };
}
