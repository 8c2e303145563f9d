import type { CatalogSuite } from '../support/suite';
import { expectError } from '../support/catalog-api';
import { type Value, fieldReads } from '../support/field-reads';
import { GOLDEN_BUG_STATUS, STANDARD_FIELD_LIST, plainValues } from '../support/standard-fields';

/** Bug.fields on a fresh install, by id or name, and Bug.legal_values. */
export function fieldReadCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { fields, field } = fieldReads(api);

  describe('a fresh install', () => {
    it('lists the 59 standard fields of Bugzilla 5.2 with their ids, names, display names and types (golden 47)', async () => {
      const all = await fields();
      expect(all.map((f) => [f.id, f.name, f.display_name, f.type, f.is_mandatory])).toEqual(STANDARD_FIELD_LIST);
      for (const f of all) {
        expect({
          name: f.name,
          is_custom: f.is_custom,
          is_on_bug_entry: f.is_on_bug_entry,
          visibility_field: f.visibility_field,
          visibility_values: f.visibility_values,
        }).toEqual({
          name: f.name,
          is_custom: false,
          is_on_bug_entry: false,
          visibility_field: null,
          visibility_values: [],
        });
      }
    });

    it('gives values and value_field exactly to selects (not product), per-product fields and keywords', async () => {
      const withValues = (await fields()).filter((f) => 'values' in f).map((f) => [f.name, f.value_field]);
      expect(withValues).toEqual([
        ['classification', null],
        ['version', 'product'],
        ['rep_platform', null],
        ['op_sys', null],
        ['bug_status', null],
        ['keywords', null],
        ['resolution', null],
        ['bug_severity', null],
        ['priority', null],
        ['component', 'product'],
        ['target_milestone', 'product'],
      ]);
    });

    it('ships Bugzilla 5.2 select values with sort_key and the duplicate sortkey', async () => {
      const valuesOf = async (name: string): Promise<Value[] | undefined> => (await field(name)).values;
      expect(await valuesOf('rep_platform')).toEqual(plainValues('All', 'PC', 'Macintosh', 'Other'));
      expect(await valuesOf('op_sys')).toEqual(plainValues('All', 'Windows', 'Mac OS', 'Linux', 'Other'));
      expect(await valuesOf('resolution')).toEqual(plainValues('', 'FIXED', 'INVALID', 'WONTFIX', 'DUPLICATE', 'WORKSFORME'));
      expect(await valuesOf('bug_severity')).toEqual(
        plainValues('blocker', 'critical', 'major', 'normal', 'minor', 'trivial', 'enhancement'),
      );
      expect(await valuesOf('priority')).toEqual(plainValues('Highest', 'High', 'Normal', 'Low', 'Lowest', '---'));
      expect(await valuesOf('classification')).toEqual([{ name: 'Unclassified', sort_key: 0, sortkey: 0, visibility_values: [] }]);
    });

    it('answers bug_status as golden 48: the new-bug pseudo-status first, is_open and can_change_to', async () => {
      expect(await fields('/rest/field/bug/bug_status')).toEqual([GOLDEN_BUG_STATUS]);
    });

    it('lists per-product values with their product and is_active, and keywords with descriptions', async () => {
      const product = (name: string, sortKey = 0): Value => ({
        name,
        sort_key: sortKey,
        sortkey: sortKey,
        visibility_values: ['TestProduct'],
        is_active: true,
      });
      expect((await field('version')).values).toEqual([product('unspecified')]);
      expect((await field('component')).values).toEqual([product('TestComponent')]);
      expect((await field('target_milestone')).values).toEqual([product('---')]);
      expect((await field('keywords')).values).toEqual([
        { name: 'crash', description: 'The software crashes or hangs.' },
        { name: 'perf', description: 'A performance problem: too slow, or too much memory, disk or network used.' },
        { name: 'regression', description: 'Something that used to work no longer does.' },
        { name: 'security', description: 'A security problem: someone could see or do what they should not.' },
      ]);
    });
  });

  describe('GET /rest/field/bug/{id_or_name}', () => {
    it('reads a field by id (golden 49) and by name in any case', async () => {
      expect(await fields('/rest/field/bug/2')).toEqual([
        {
          id: 2,
          name: 'short_desc',
          display_name: 'Summary',
          type: 0,
          is_custom: false,
          is_mandatory: true,
          is_on_bug_entry: false,
          visibility_field: null,
          visibility_values: [],
        },
      ]);
      expect((await fields('/rest/field/bug/SHORT_DESC')).map((f) => f.id)).toEqual([2]);
    });

    it('merges ids and names, each field once, ids first', async () => {
      expect((await fields('/rest/field/bug?names=priority&ids=2&names=short_desc')).map((f) => f.name)).toEqual([
        'short_desc',
        'priority',
      ]);
      expect((await fields('/rest/field/bug/14?ids=2')).map((f) => f.id)).toEqual([14, 2]);
    });

    it('answers an unknown name or id with 51 (golden 52)', async () => {
      expectError(await api.get('/rest/field/bug/nosuchfield'), 404, 51, "There is no field named 'nosuchfield'.");
      expectError(await api.get('/rest/field/bug/999'), 404, 51, "There is no field with the id '999'.");
      expectError(await api.get('/rest/field/bug?ids=abc'), 400, 52);
    });

    it('filters top-level keys with include_fields and exclude_fields', async () => {
      expect(await fields('/rest/field/bug/priority?include_fields=name,id')).toEqual([{ id: 14, name: 'priority' }]);
      const [priority] = await fields('/rest/field/bug/priority?exclude_fields=values,display_name');
      expect(priority && Object.keys(priority).sort()).toEqual(
        [
          'id',
          'is_custom',
          'is_mandatory',
          'is_on_bug_entry',
          'name',
          'type',
          'value_field',
          'visibility_field',
          'visibility_values',
        ].sort(),
      );
    });
  });

  describe('GET /rest/field/bug/{field}/values (Bug.legal_values)', () => {
    it('lists active values of a global select (golden 50), also under the API names', async () => {
      expect(await api.read('/rest/field/bug/priority/values')).toEqual({ values: ['Highest', 'High', 'Normal', 'Low', 'Lowest', '---'] });
      expect(await api.read('/rest/field/bug/status/values')).toEqual({
        values: ['UNCONFIRMED', 'CONFIRMED', 'IN_PROGRESS', 'RESOLVED', 'VERIFIED'],
      });
    });

    it('lists per-product values of an accessible product (golden 51)', async () => {
      expect(await api.read('/rest/field/bug/component/1/values')).toEqual({ values: ['TestComponent'] });
      expect(await api.read('/rest/field/bug/version/1/values')).toEqual({ values: ['unspecified'] });
    });

    it('refuses a missing product (50), an inaccessible one (106) and a field without legal values (108)', async () => {
      expectError(
        await api.get('/rest/field/bug/component/values'),
        400,
        50,
        'The function Bug.legal_values requires a product_id argument, and that argument was not set.',
      );
      expectError(
        await api.get('/rest/field/bug/component/999/values'),
        401,
        106,
        "Either the product with the id 999 does not exist or you don't have access to it.",
      );
      expectError(await api.get('/rest/field/bug/short_desc/values'), 400, 108, `Can't use "short_desc" as a field name.`);
    });
  });
}
