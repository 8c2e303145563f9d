import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog's read model. Names are unique without regard to case, as in Bugzilla.
 * Transition rows use 0 for the new-bug pseudo-status. `select_values` names the values
 * of every select field by (field id, value id), whichever table holds them: that is
 * how visibility values, stored by id, get their current names.
 */
const SEQUENCES = [
  'classification_ids',
  'product_ids',
  'component_ids',
  'version_ids',
  'milestone_ids',
  'keyword_ids',
  'field_ids',
  'field_value_ids',
  'status_ids',
];

export class CreateCatalogTables1764100000000 implements MigrationInterface {
  readonly name = 'CreateCatalogTables1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    for (const sequence of SEQUENCES) await runner.query(`CREATE SEQUENCE ${s}.${sequence}`);
    await runner.query(`
      CREATE TABLE ${s}.classifications (id integer PRIMARY KEY, name text NOT NULL, description text NOT NULL, sort_key integer NOT NULL);
      CREATE UNIQUE INDEX classifications_name ON ${s}.classifications (lower(name));
      CREATE TABLE ${s}.products (
        id integer PRIMARY KEY, name text NOT NULL, description text NOT NULL, classification_id integer NOT NULL,
        is_active boolean NOT NULL, allows_unconfirmed boolean NOT NULL, default_milestone text NOT NULL);
      CREATE UNIQUE INDEX products_name ON ${s}.products (lower(name));
      CREATE TABLE ${s}.components (
        id integer PRIMARY KEY, product_id integer NOT NULL, name text NOT NULL, description text NOT NULL,
        default_assignee_id integer NOT NULL, default_qa_contact_id integer, default_cc_ids integer[] NOT NULL, is_active boolean NOT NULL);
      CREATE INDEX components_product ON ${s}.components (product_id);
      CREATE TABLE ${s}.versions (id integer PRIMARY KEY, product_id integer NOT NULL, name text NOT NULL, is_active boolean NOT NULL);
      CREATE INDEX versions_product ON ${s}.versions (product_id);
      CREATE TABLE ${s}.milestones (
        id integer PRIMARY KEY, product_id integer NOT NULL, name text NOT NULL, sort_key integer NOT NULL, is_active boolean NOT NULL);
      CREATE INDEX milestones_product ON ${s}.milestones (product_id);
      CREATE TABLE ${s}.group_controls (
        product_id integer NOT NULL, group_id integer NOT NULL, entry boolean NOT NULL, member_control text NOT NULL,
        other_control text NOT NULL, can_edit boolean NOT NULL, PRIMARY KEY (product_id, group_id));
      CREATE TABLE ${s}.keywords (id integer PRIMARY KEY, name text NOT NULL, description text NOT NULL);
      CREATE UNIQUE INDEX keywords_name ON ${s}.keywords (lower(name));
      CREATE TABLE ${s}.fields (
        id integer PRIMARY KEY, name text NOT NULL, display_name text NOT NULL, type smallint NOT NULL, is_custom boolean NOT NULL,
        is_mandatory boolean NOT NULL, is_on_bug_entry boolean NOT NULL, sort_key integer NOT NULL, is_obsolete boolean NOT NULL,
        long_description text NOT NULL, visibility_field_id integer, value_field_id integer);
      CREATE UNIQUE INDEX fields_name ON ${s}.fields (lower(name));
      CREATE TABLE ${s}.field_visibility (field_id integer NOT NULL, value_id integer NOT NULL, PRIMARY KEY (field_id, value_id));
      CREATE TABLE ${s}.field_values (
        id integer PRIMARY KEY, field_id integer NOT NULL, name text NOT NULL, sort_key integer NOT NULL, is_active boolean NOT NULL,
        visibility_value_id integer);
      CREATE INDEX field_values_field ON ${s}.field_values (field_id);
      CREATE TABLE ${s}.statuses (id integer PRIMARY KEY, name text NOT NULL, is_open boolean NOT NULL, sort_key integer NOT NULL, is_active boolean NOT NULL);
      CREATE TABLE ${s}.transitions (
        from_status_id integer NOT NULL, to_status_id integer NOT NULL, comment_required boolean NOT NULL,
        PRIMARY KEY (from_status_id, to_status_id));
      CREATE TABLE ${s}.workflow_settings (id smallint PRIMARY KEY, duplicate_status_id integer NOT NULL);
      CREATE VIEW ${s}.select_values AS
        SELECT field_id, id AS value_id, name FROM ${s}.field_values
        UNION ALL SELECT 3, id, name FROM ${s}.classifications
        UNION ALL SELECT 4, id, name FROM ${s}.products
        UNION ALL SELECT 9, id, name FROM ${s}.statuses
        UNION ALL SELECT 15, id, name FROM ${s}.components;
    `);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`DROP VIEW ${s}.select_values`);
    for (const table of [
      'workflow_settings',
      'transitions',
      'statuses',
      'field_values',
      'field_visibility',
      'fields',
      'keywords',
      'group_controls',
      'milestones',
      'versions',
      'components',
      'products',
      'classifications',
    ]) {
      await runner.query(`DROP TABLE ${s}.${table}`);
    }
    for (const sequence of SEQUENCES) await runner.query(`DROP SEQUENCE ${s}.${sequence}`);
  }
}
