import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tag search reads the tags of comments, to keep those of comments the caller may not
 * see out of its answer: this partial index holds the few comments that carry tags, so
 * the search reads them without scanning every comment.
 */
export class TaggedCommentsIndex1764200000001 implements MigrationInterface {
  readonly name = 'TaggedCommentsIndex1764200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX comments_tagged ON ${schemaOf(runner)}.comments (bug_id) WHERE cardinality(tags) > 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX ${schemaOf(runner)}.comments_tagged`);
  }
}
