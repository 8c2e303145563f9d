import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The id sequences of the flags schema (platform IdSequence; `FlagsSequence` names them). */
const SEQUENCES = ['flag_ids', 'flagtype_ids'];

/**
 * The flag types of the `flagtype-` streams (docs/flags.md §9): one row per type and its
 * inclusions and exclusions by product and component id, 0 meaning "any". Names of
 * products, components and groups are the catalog's and identity's, joined at read time by
 * id (the group names are kept for the embedded reads and messages). The flags and their
 * activity have their own migration.
 */
export class CreateFlagTypesTables1764300000000 implements MigrationInterface {
  readonly name = 'CreateFlagTypesTables1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    for (const sequence of SEQUENCES) await runner.query(`CREATE SEQUENCE ${schema}.${sequence}`);
    await runner.query(`
      CREATE TABLE ${schema}.flag_types (
        type_id integer PRIMARY KEY,
        name varchar(50) NOT NULL,
        description text NOT NULL,
        target_type varchar(10) NOT NULL,
        sort_key smallint NOT NULL,
        is_active boolean NOT NULL,
        is_requestable boolean NOT NULL,
        is_requesteeble boolean NOT NULL,
        is_multiplicable boolean NOT NULL,
        cc_list varchar(200) NOT NULL,
        grant_group_id integer,
        grant_group_name varchar(255),
        request_group_id integer,
        request_group_name varchar(255),
        needs_reconcile boolean NOT NULL,
        reconcile_needed_at integer,
        revision integer NOT NULL
      )`);
    await runner.query(`CREATE INDEX flag_types_by_name ON ${schema}.flag_types (lower(name))`);
    await runner.query(`CREATE INDEX flag_types_in_order ON ${schema}.flag_types (target_type, sort_key, name, type_id)`);
    await runner.query(`
      CREATE TABLE ${schema}.flag_type_clusions (
        type_id integer NOT NULL,
        kind char(1) NOT NULL,
        product_id integer NOT NULL,
        component_id integer NOT NULL,
        PRIMARY KEY (type_id, kind, product_id, component_id)
      )`);
    await runner.query(`CREATE INDEX flag_type_clusions_by_target ON ${schema}.flag_type_clusions (product_id, component_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner);
    await runner.query(`DROP TABLE ${schema}.flag_type_clusions`);
    await runner.query(`DROP TABLE ${schema}.flag_types`);
    for (const sequence of SEQUENCES) await runner.query(`DROP SEQUENCE ${schema}.${sequence}`);
  }
}
