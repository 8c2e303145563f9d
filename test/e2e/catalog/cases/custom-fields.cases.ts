import type { CatalogSuite } from '../support/suite';
import { expectError, NOBODY, type TestUser, unique } from '../support/catalog-api';
import { fieldReads } from '../support/field-reads';

/** Custom fields of every type, their visibility and value fields. */
export function customFieldCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { fields, field } = fieldReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('custom fields (admin)', () => {
    const types: ReadonlyArray<readonly [number, string]> = [
      [1, 'free text'],
      [2, 'single select'],
      [3, 'multiple select'],
      [4, 'large text'],
      [5, 'date/time'],
      [6, 'bug id'],
      [9, 'date'],
      [10, 'integer'],
    ];

    it.each(types)('creates a field of type %p (%s), named cf_...', async (type, label) => {
      const name = unique(`t${type}_`);
      const id = await api.create('/rest/field/bug', {
        name,
        display_name: `A ${label}`,
        type,
        is_on_bug_entry: true,
        is_mandatory: type === 1,
      });
      const created = await field(`cf_${name}`);
      expect(created).toMatchObject({
        id,
        name: `cf_${name}`,
        display_name: `A ${label}`,
        type,
        is_custom: true,
        is_mandatory: type === 1,
        is_on_bug_entry: true,
        visibility_field: null,
        visibility_values: [],
      });
      if (type === 2) expect(created.values).toEqual([{ name: '---', sort_key: 0, sortkey: 0, visibility_values: [] }]);
      else if (type === 3) expect(created.values).toEqual([]);
      else expect('values' in created).toBe(false);
      expect((await fields()).map((f) => f.name)).toContain(`cf_${name}`);
    });

    it('gives select fields legal values, visibility and value fields', async () => {
      const os = unique('os_');
      await api.create('/rest/field/bug', { name: os, display_name: 'Distribution', type: 2 });
      await api.create('/rest/field/bug', {
        name: `cf_${os}_version`,
        display_name: 'Distribution version',
        type: 3,
        visibility_field: 'op_sys',
        visibility_values: ['Linux', 'other'],
        value_field: `cf_${os}`,
      });
      await api.create(`/rest/field/bug/cf_${os}/values`, { name: 'Debian', sort_key: 10 });
      await api.create(`/rest/field/bug/cf_${os}_version/values`, { name: '12', sort_key: 5, visibility_value: 'debian' });
      await api.create(`/rest/field/bug/cf_${os}_version/values`, { name: 'any' });
      expect(await field(`cf_${os}_version`)).toMatchObject({
        visibility_field: 'op_sys',
        visibility_values: ['Linux', 'Other'],
        value_field: `cf_${os}`,
        values: [
          { name: 'any', sort_key: 0, sortkey: 0, visibility_values: [] },
          { name: '12', sort_key: 5, sortkey: 5, visibility_values: ['Debian'] },
        ],
      });
      expect(await api.read(`/rest/field/bug/cf_${os}/values`)).toEqual({ values: ['---', 'Debian'] });
    });

    it('updates a custom field and reports the changes; obsolete fields leave the list', async () => {
      const name = `cf_${unique('upd_')}`;
      const id = await api.create('/rest/field/bug', { name, display_name: 'Before', type: 1 });
      const updated = await api.put(`/rest/field/bug/${name}`, {
        display_name: 'After',
        is_mandatory: true,
        visibility_field: 'bug_severity',
        visibility_values: ['critical'],
      });
      expect(updated.json()).toEqual({
        fields: [
          {
            id,
            changes: {
              display_name: { added: 'After', removed: 'Before' },
              is_mandatory: { added: '1', removed: '0' },
              visibility_field: { added: 'bug_severity', removed: '' },
              visibility_values: { added: 'critical', removed: '' },
            },
          },
        ],
      });
      expect(await api.put(`/rest/field/bug/${id}`, { display_name: 'After' }).then((r) => r.json())).toEqual({
        fields: [{ id, changes: {} }],
      });
      await api.put(`/rest/field/bug/${id}`, { is_obsolete: true });
      expect((await fields()).map((f) => f.name)).not.toContain(name);
      expect((await field(name)).display_name).toBe('After');
    });

    it.each([
      [{ name: '', display_name: 'x', type: 1 }, 'You must enter a name for this field.'],
      [
        { name: 'has space', display_name: 'x', type: 1 },
        "'has space' is not a valid name for a field. A name may contain only letters, numbers, and the underscore character.",
      ],
      [{ name: 'x1', type: 1 }, 'You must enter a description for this field.'],
      [{ name: 'x2', display_name: 'x' }, 'You must specify a type when creating a custom field.'],
      [{ name: 'x3', display_name: 'x', type: 7 }, 'The type 7 is not a valid field type.'],
      [
        { name: 'x4', display_name: 'x', type: 1, value_field: 'priority' },
        'Only Drop-Down or Multi-Select fields can have a field that controls their values.',
      ],
      [
        { name: 'x5', display_name: 'x', type: 1, visibility_field: 'short_desc', visibility_values: ['a'] },
        'Only drop-down and multi-select fields can be used to control the visibility/values of other fields. Summary is not the right type of field.',
      ],
      [
        { name: 'x6', display_name: 'x', type: 1, visibility_field: 'priority' },
        "At least one value must be selected for the visibility field 'priority'.",
      ],
    ])('refuses %p: %s', async (body, message) => {
      expectError(await api.post('/rest/field/bug', body), 400, 32000, message);
    });

    it('refuses an existing name, unknown controlling fields and values (51), and standard fields', async () => {
      const name = `cf_${unique('dup_')}`;
      await api.create('/rest/field/bug', { name, display_name: 'Dup', type: 1 });
      expectError(
        await api.post('/rest/field/bug', { name: name.toUpperCase(), display_name: 'x', type: 1 }),
        400,
        32000,
        `The field '${name}' (Dup) already exists. Please choose another name.`,
      );
      expectError(
        await api.post('/rest/field/bug', { name: 'x7', display_name: 'x', type: 1, value_field: 'nope' }),
        404,
        51,
        "There is no field named 'nope'.",
      );
      expectError(
        await api.post('/rest/field/bug', {
          name: 'x8',
          display_name: 'x',
          type: 1,
          visibility_field: 'priority',
          visibility_values: ['Urgentest'],
        }),
        404,
        51,
        "There is no Priority named 'Urgentest'.",
      );
      expectError(
        await api.put('/rest/field/bug/priority', { is_mandatory: true }),
        400,
        32000,
        "'Priority' (priority) is not a custom field.",
      );
      expectError(await api.put('/rest/field/bug/cf_nothing', { is_mandatory: true }), 404, 51, "There is no field named 'cf_nothing'.");
    });

    it('requires the admin group (304) and a login (410)', async () => {
      const denied =
        "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to add, modify or delete custom fields.";
      expectError(await api.post('/rest/field/bug', { name: 'nope', display_name: 'x', type: 1 }, user.caller), 401, 304, denied);
      expectError(await api.put('/rest/field/bug/cf_x', { is_mandatory: true }, user.caller), 401, 304, denied);
      expectError(await api.post('/rest/field/bug', { name: 'nope', display_name: 'x', type: 1 }, NOBODY), 401, 410);
    });
  });
}
