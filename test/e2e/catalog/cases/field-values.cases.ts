import type { CatalogSuite } from '../support/suite';
import { ADMIN, expectError, type TestUser, unique } from '../support/catalog-api';
import { fieldReads, type Value } from '../support/field-reads';

/** Legal values and the status workflow. */
export function fieldValueCases(suite: CatalogSuite): void {
  const { api } = suite;
  const { field } = fieldReads(api);
  let user: TestUser;
  beforeAll(() => {
    user = suite.user();
  });

  describe('legal values (admin)', () => {
    it('adds, renames, re-sorts and disables a value', async () => {
      const name = unique('P');
      const id = await api.create('/rest/field/bug/priority/values', { name, sort_key: 50 });
      expect((await field('priority')).values?.[0]).toEqual({ name, sort_key: 50, sortkey: 50, visibility_values: [] });
      const renamed = await api.put(`/rest/field/bug/priority/values/${name}`, { name: `${name}x`, sort_key: 650, is_active: false });
      expect(renamed.json()).toEqual({
        values: [
          {
            id,
            changes: {
              name: { added: `${name}x`, removed: name },
              sort_key: { added: '650', removed: '50' },
              is_active: { added: '0', removed: '1' },
            },
          },
        ],
      });
      expect((await field('priority')).values?.at(-1)).toEqual({ name: `${name}x`, sort_key: 650, sortkey: 650, visibility_values: [] });
      expect(await api.read('/rest/field/bug/priority/values')).toEqual({ values: ['Highest', 'High', 'Normal', 'Low', 'Lowest', '---'] });
    });

    it('protects the default value and the values that mean something to bugs', async () => {
      expectError(
        await api.put('/rest/field/bug/bug_severity/values/normal', { is_active: false }),
        400,
        32000,
        "'normal' is the default value for the 'Severity' field and cannot be deleted or disabled.",
      );
      expectError(
        await api.put('/rest/field/bug/priority/values/---', { name: 'none' }),
        400,
        32000,
        "The value '---' cannot be renamed because it plays some special role for the 'Priority' field.",
      );
      expectError(
        await api.put('/rest/field/bug/resolution/values/DUPLICATE', { is_active: false }),
        400,
        32000,
        "The value 'DUPLICATE' cannot be removed or disabled, because it plays some special role for the 'Resolution' field.",
      );
      expectError(await api.put('/rest/field/bug/resolution/values/FIXED', { name: 'DONE' }), 400, 32000);
    });

    it('refuses duplicates, bad sort keys, blank names, unknown values and fields without own values', async () => {
      expectError(
        await api.post('/rest/field/bug/priority/values', { name: 'high' }),
        400,
        32000,
        "The value 'High' already exists for the Priority field.",
      );
      expectError(
        await api.post('/rest/field/bug/priority/values', { name: 'P9', sort_key: 40000 }),
        400,
        32000,
        "The sortkey '40000' for the Priority field must be an integer between 0 and 32767.",
      );
      expectError(await api.post('/rest/field/bug/priority/values', { name: ' ' }), 400, 32000, 'You must specify a value.');
      expectError(
        await api.put('/rest/field/bug/priority/values/Urgentest', { is_active: false }),
        404,
        51,
        "There is no Priority named 'Urgentest'.",
      );
      expectError(
        await api.post('/rest/field/bug/component/values', { name: 'X' }),
        400,
        32000,
        "The field 'component' does not exist or cannot be edited with this interface.",
      );
      expectError(await api.post('/rest/field/bug/nosuch/values', { name: 'X' }), 404, 51, "There is no field named 'nosuch'.");
    });

    it('requires the admin group', async () => {
      expectError(
        await api.post('/rest/field/bug/priority/values', { name: 'Px' }, user.caller),
        401,
        304,
        "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to add, modify or delete field values.",
      );
    });
  });

  describe('the status workflow (admin)', () => {
    const statusValue = async (name: string): Promise<Value | undefined> =>
      (await field('bug_status')).values?.find((v) => v.name === name);

    it('adds a status that can at once become a duplicate', async () => {
      const id = await api.create('/rest/field/bug/bug_status/values', { name: 'ASSIGNED', sort_key: 250, is_open: true });
      expect(await statusValue('ASSIGNED')).toEqual({
        name: 'ASSIGNED',
        sort_key: 250,
        sortkey: 250,
        visibility_values: [],
        is_open: true,
        can_change_to: [{ name: 'RESOLVED', comment_required: false }],
      });
      expect(await api.read<{ statuses: Array<{ id: number; name: string }> }>('/rest/workflow')).toMatchObject({
        statuses: expect.arrayContaining([{ id, name: 'ASSIGNED', is_open: true, sort_key: 250, is_active: true }]),
      });
    });

    it('allows and forbids transitions and requires comments on them', async () => {
      const response = await api.put('/rest/workflow', {
        transitions: [
          { from: 'CONFIRMED', to: 'ASSIGNED' },
          { from: 'ASSIGNED', to: 'RESOLVED', comment_required: true },
          { from: '', to: 'UNCONFIRMED', allowed: false },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.json()).toMatchObject({
        duplicate_status: 'RESOLVED',
        transitions: expect.arrayContaining([{ from: 'ASSIGNED', to: 'RESOLVED', comment_required: true }]),
      });
      expect((await statusValue('CONFIRMED'))?.can_change_to).toEqual([
        { name: 'ASSIGNED', comment_required: false },
        { name: 'IN_PROGRESS', comment_required: false },
        { name: 'RESOLVED', comment_required: false },
      ]);
      expect((await statusValue('ASSIGNED'))?.can_change_to).toEqual([{ name: 'RESOLVED', comment_required: true }]);
      expect((await field('bug_status')).values?.[0]?.can_change_to).toEqual([
        { name: 'CONFIRMED', comment_required: false },
        { name: 'IN_PROGRESS', comment_required: false },
      ]);
    });

    it('renames and disables statuses, not UNCONFIRMED or the duplicate status', async () => {
      await api.create('/rest/field/bug/bug_status/values', { name: 'PARKED', sort_key: 350, is_open: true });
      await api.put('/rest/workflow', { transitions: [{ from: 'CONFIRMED', to: 'PARKED' }] });
      expect((await api.put('/rest/field/bug/bug_status/values/PARKED', { is_active: false })).status).toBe(200);
      expect((await statusValue('CONFIRMED'))?.can_change_to?.map((t) => t.name)).not.toContain('PARKED');
      expect(await api.read('/rest/field/bug/bug_status/values')).toEqual({
        values: ['UNCONFIRMED', 'CONFIRMED', 'ASSIGNED', 'IN_PROGRESS', 'RESOLVED', 'VERIFIED'],
      });
      expectError(await api.put('/rest/field/bug/bug_status/values/UNCONFIRMED', { name: 'NEW' }), 400, 32000);
      expectError(await api.put('/rest/field/bug/bug_status/values/RESOLVED', { is_active: false }), 400, 32000);
      expectError(
        await api.put('/rest/field/bug/bug_status/values/NOPE', { is_active: false }),
        404,
        51,
        "There is no status named 'NOPE'.",
      );
    });

    it('refuses unknown statuses, a transition to itself, reserved and open duplicate statuses', async () => {
      expectError(
        await api.put('/rest/workflow', { transitions: [{ from: 'NEW', to: 'CONFIRMED' }] }),
        404,
        51,
        "There is no status named 'NEW'.",
      );
      expectError(await api.put('/rest/workflow', { transitions: [{ from: 'CONFIRMED', to: 'confirmed' }] }), 400, 32000);
      expectError(
        await api.put('/rest/workflow', { duplicate_status: 'CONFIRMED' }),
        400,
        32000,
        'The status CONFIRMED cannot be the status of duplicates: it must be a closed status.',
      );
      expectError(
        await api.post('/rest/field/bug/bug_status/values', { name: 'duplicate' }),
        400,
        32000,
        "You cannot use the value 'duplicate' for the 'Status' field. This value is used internally. Please choose another one.",
      );
    });

    it('moves duplicates to another closed status', async () => {
      const response = await api.put('/rest/workflow', { duplicate_status: 'VERIFIED' });
      expect(response.json()).toMatchObject({ duplicate_status: 'VERIFIED' });
      expect((await statusValue('ASSIGNED'))?.can_change_to?.map((t) => t.name)).toContain('VERIFIED');
      await api.put('/rest/workflow', { duplicate_status: 'RESOLVED' });
    });

    it('requires the admin group to edit, anyone may read', async () => {
      expectError(
        await api.put('/rest/workflow', { duplicate_status: 'VERIFIED' }, user.caller),
        401,
        304,
        "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to add, modify or delete the workflow.",
      );
      expect((await api.get('/rest/workflow')).status).toBe(200);
      expect((await api.get('/rest/workflow', ADMIN)).status).toBe(200);
    });
  });
}
