import type { DataSource } from 'typeorm';

/**
 * A digest of every table of a schema: md5 of its rows as text, in order, with the count.
 * Two read models with equal digests hold byte-identical rows (a rebuild's proof), and the
 * digest names no schema, so a live read model compares with one built elsewhere.
 */
export async function tableDigests(dataSource: DataSource, schema: string): Promise<Record<string, string>> {
  const tables: Array<{ name: string }> = await dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await dataSource.query<Array<{ rows: number; digest: string }>>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${schema}"."${name}" t`,
    );
    digests[name] = `${row?.rows ?? 0} rows, md5 ${row?.digest ?? ''}`;
  }
  return digests;
}
