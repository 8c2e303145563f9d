import { commentTagKey } from '@tracker/contracts';
import { schemaOf } from '@tracker/platform/read-model';
import type { EntityManager } from 'typeorm';

/**
 * How many comments carry each tag (Bugzilla's longdescs_tags_weights): one row per tag
 * whatever its letter case, spelled as first used; gone when no comment carries it.
 */
export async function countTagsAdded(manager: EntityManager, tags: readonly string[]): Promise<void> {
  for (const tag of tags) {
    await manager.query(
      `INSERT INTO ${schemaOf(manager.connection)}.comment_tag_weights AS w (tag_key, tag, weight) VALUES ($1, $2, 1)
       ON CONFLICT (tag_key) DO UPDATE SET weight = w.weight + 1`,
      [commentTagKey(tag), tag],
    );
  }
}

export async function countTagsRemoved(manager: EntityManager, tags: readonly string[]): Promise<void> {
  const table = `${schemaOf(manager.connection)}.comment_tag_weights`;
  for (const tag of tags) {
    await manager.query(`UPDATE ${table} SET weight = weight - 1 WHERE tag_key = $1`, [commentTagKey(tag)]);
    await manager.query(`DELETE FROM ${table} WHERE tag_key = $1 AND weight <= 0`, [commentTagKey(tag)]);
  }
}
