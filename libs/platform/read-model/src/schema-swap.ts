import type { DataSource } from 'typeorm';

/** Where a rebuild builds the service's read model while the live one serves. */
export const shadowSchemaOf = (schema: string): string => `${schema}_shadow`;

/**
 * The live schema a (possibly shadow) schema stands for: state kept beside a read model
 * but not derived from events (identity's gateway leases) belongs to the live service,
 * also when the migrations run for its shadow during a rebuild.
 */
export const liveSchemaOf = (schema: string): string => schema.replace(/_shadow$/, '');

/**
 * Puts the shadow in the live schema's place, in one transaction: readers see the old
 * read model until the commit and the new one after it, never a mix or nothing. Id
 * sequences keep the higher of the two values, so an id drawn from the live sequence
 * while the shadow was built is never drawn again. The old schema is dropped in the same
 * transaction. Both names are plain schema names (`schemaOf` checked the live one).
 */
export async function swapInShadow(dataSource: DataSource, schema: string): Promise<void> {
  const shadow = shadowSchemaOf(schema);
  const retired = `${schema}_retired`;
  await dataSource.transaction(async (manager) => {
    const sequences: Array<{ name: string }> = await manager.query(
      `SELECT sequencename AS name FROM pg_sequences s WHERE schemaname = $1
         AND EXISTS (SELECT 1 FROM pg_sequences t WHERE t.schemaname = $2 AND t.sequencename = s.sequencename)`,
      [schema, shadow],
    );
    for (const { name } of sequences) {
      await manager.query(
        `SELECT setval('"${shadow}"."${name}"', live.drawn) FROM
           (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS drawn FROM "${schema}"."${name}") live,
           (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS drawn FROM "${shadow}"."${name}") rebuilt
         WHERE live.drawn > rebuilt.drawn`,
      );
    }
    await manager.query(`ALTER SCHEMA "${schema}" RENAME TO "${retired}"`);
    await manager.query(`ALTER SCHEMA "${shadow}" RENAME TO "${schema}"`);
    await manager.query(`DROP SCHEMA "${retired}" CASCADE`);
  });
}
