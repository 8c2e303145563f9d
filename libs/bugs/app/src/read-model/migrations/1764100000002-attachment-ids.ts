import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Attachment ids are the bugs service's (it decides AttachmentCreated), as bug and comment ids are (docs/attachments.md §11). */
export class AttachmentIds1764100000002 implements MigrationInterface {
  readonly name = 'AttachmentIds1764100000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE SEQUENCE ${schemaOf(runner)}.attachment_ids`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP SEQUENCE ${schemaOf(runner)}.attachment_ids`);
  }
}
