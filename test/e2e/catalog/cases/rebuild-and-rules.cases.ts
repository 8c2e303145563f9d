import {
  ANONYMOUS,
  type BugRulesResult,
  REBUILD_CATALOG_SUBJECT,
  RESOLVE_BUG_RULES_SUBJECT,
  type ReadModelRebuilt,
} from '@tracker/contracts';
import { randomUUID } from 'node:crypto';
import { http, jsonCall } from '@tracker/testing';
import { TEST_ADMIN } from '../../../support/admin';
import type { RunMode, RunningTracker } from '../../../support/tracker';
import { ADMIN, CatalogApi, type Caller, NOBODY, type TestUser, expectError, newGroup, newUser, unique } from '../support/catalog-api';

/**
 * The catalog's read model is disposable: dropping it and replaying the log gives the
 * same answers. And the one call the bugs service makes per bug create or update.
 */
export function rebuildAndRuleCases(tracker: () => RunningTracker, mode: RunMode): void {
  describe('catalog: rebuild from the log, and bug rules', () => {
    const api = new CatalogApi(() => tracker().baseUrl);
    let user: TestUser;
    let member: TestUser;
    let product: string;
    let group: { id: number; name: string };

    beforeAll(async () => {
      group = await newGroup(api, 'rules');
      user = await newUser(api, 'rules');
      member = await newUser(api, 'insider', [group.name]);
      product = unique('Rules');
      const classification = unique('Class');
      await api.create('/rest/classification', { name: classification, description: 'Things' });
      await api.create('/rest/product', {
        name: product,
        description: 'Rules product',
        version: '1.0',
        classification,
        default_milestone: 'M1',
      });
      await api.create('/rest/component', {
        product,
        name: 'Core',
        description: 'Core',
        default_assignee: 'admin@example.com',
        default_qa_contact: member.login,
        default_cc: [user.login],
      });
      await api.create('/rest/component', { product, name: 'Old', description: 'Old', default_assignee: user.login, is_open: false });
      await api.create('/rest/version', { product, name: '2.0' });
      await api.create('/rest/milestone', { product, name: 'M2', sort_key: 20, is_active: false });
      await api.put(`/rest/product/${product}`, {
        group_controls: [{ group: group.name, entry: true, membercontrol: 'Default', othercontrol: 'NA', canedit: true }],
      });
      const secret = unique('Hidden');
      await api.create('/rest/product', { name: secret, description: 'Hidden', version: '1' });
      await api.put(`/rest/product/${secret}`, {
        group_controls: [{ group: group.name, entry: true, membercontrol: 'Mandatory', othercontrol: 'Mandatory' }],
      });
      await api.create('/rest/keyword', { name: unique('kw'), description: 'A keyword' });
      await api.create('/rest/field/bug', {
        name: 'rb_colour',
        display_name: 'Colour',
        type: 2,
        visibility_field: 'product',
        visibility_values: [product],
      });
      await api.create('/rest/field/bug/cf_rb_colour/values', { name: 'Red', sort_key: 1 });
      await api.put('/rest/field/bug/cf_rb_colour/values/Red', { name: 'Crimson' });
      await api.create('/rest/field/bug/bug_status/values', { name: 'REOPENED', is_open: true, sort_key: 450 });
      await api.put('/rest/workflow', { transitions: [{ from: 'RESOLVED', to: 'REOPENED', comment_required: true }] });
      await api.put('/rest/field/bug/priority/values/Lowest', { is_active: false });
    });

    const answers = async (caller: Caller): Promise<unknown[]> =>
      Promise.all(
        [
          '/rest/field/bug',
          '/rest/product?type=accessible&include_fields=_default,_extra',
          '/rest/product_accessible',
          '/rest/product_selectable',
          '/rest/product_enterable',
          '/rest/workflow',
          '/rest/field/bug/priority/values',
          `/rest/field/bug/cf_rb_colour`,
        ].map(async (path) => {
          const response = await api.get(path, caller);
          return { path, status: response.status, body: response.json<unknown>() };
        }),
      );

    it('gives the same answers to everybody after the read model is rebuilt from the log and swapped in', async () => {
      const callers = [NOBODY, ADMIN, user.caller, member.caller];
      const before = await Promise.all(callers.map(answers));
      const classified = await api.read(`/rest/classification/Unclassified`, ADMIN);
      const correlationId = `rebuild-${randomUUID()}`;
      const response = await http(
        tracker().baseUrl,
        '/rest/catalog/rebuild',
        jsonCall('POST', {}, { 'x-bugzilla-api-key': TEST_ADMIN.apiKey, 'x-correlation-id': correlationId }),
      );
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ rebuilt: true, milliseconds: expect.any(Number) });
      if (mode === 'distributed') {
        // the gateway's correlation id crossed NATS into every line the catalog process logged for the
        // request, its read model's own included (docs/operations-guide.md, "Logs")
        const lines = (tracker().processes.get('catalog')?.output() ?? '')
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { correlationId?: string; level?: string; service?: string; msg?: string })
          .filter((line) => line.correlationId === correlationId)
          .map((line) => `${line.level} ${line.service} ${line.msg}`);
        // the shadow's migrations, its progress (a line every 2 s, so one or more), the swap, the answer
        expect(lines[0]).toMatch(/^info catalog applied migrations: /);
        const progress = /^info catalog rebuild catalog\/catalog: position \d+ of \d+, \d+ events, \d+ events\/s, ETA /;
        expect(lines.slice(1, -2).filter((line) => !progress.test(line))).toEqual([]);
        expect(lines.length).toBeGreaterThanOrEqual(4);
        expect(lines.slice(-2)).toEqual([
          'info catalog read model rebuilt in a shadow schema and swapped in',
          expect.stringMatching(/^info catalog \[rebuild-[0-9a-f-]+\] read model rebuilt from the log in \d+ ms$/),
        ]);
      }
      expect(await Promise.all(callers.map(answers))).toEqual(before);
      expect(await api.read(`/rest/classification/Unclassified`, ADMIN)).toEqual(classified);
    });

    it('hands out new ids after the highest in the log once rebuilt', async () => {
      const highest = Math.max(...(await api.read<{ ids: number[] }>('/rest/product_accessible', ADMIN)).ids);
      await tracker().request<ReadModelRebuilt>(REBUILD_CATALOG_SUBJECT, {});
      const next = await api.create('/rest/product', { name: unique('After'), description: 'After', version: '1' });
      expect(next).toBe(highest + 1);
    });

    it('lets only administrators rebuild', async () => {
      expectError(
        await api.post('/rest/catalog/rebuild', {}, user.caller),
        401,
        304,
        "Sorry, you aren't a member of the 'admin' group, and so you are not authorized to run a rebuild of the catalog.",
      );
      expectError(await api.post('/rest/catalog/rebuild', {}, NOBODY), 401, 410);
    });

    it('answers the bugs service with products, their people and groups, fields, workflow and parameters', async () => {
      const rules = await tracker().request<BugRulesResult>(
        RESOLVE_BUG_RULES_SUBJECT,
        { products: [product.toLowerCase(), 'NoSuchProduct'], productIds: [1] },
        { ...ANONYMOUS, ip: null },
      );
      expect(rules.unknownProducts).toEqual(['NoSuchProduct']);
      expect(rules.products.map((p) => p.name).sort()).toEqual([product, 'TestProduct'].sort());
      const rulesProduct = rules.products.find((p) => p.name === product);
      expect(rulesProduct).toMatchObject({
        isActive: true,
        hasUnconfirmed: true,
        defaultMilestone: 'M1',
        components: [
          {
            name: 'Core',
            isActive: true,
            defaultAssignee: { login: 'admin@example.com' },
            defaultQaContact: { id: member.id, login: member.login },
            defaultCc: [{ id: user.id, login: user.login }],
          },
          { name: 'Old', isActive: false, defaultAssignee: { id: user.id, login: user.login }, defaultQaContact: null, defaultCc: [] },
        ],
        versions: [
          { name: '1.0', isActive: true, sortKey: 0 },
          { name: '2.0', isActive: true, sortKey: 0 },
        ],
        milestones: [
          { name: 'M1', isActive: true, sortKey: 0 },
          { name: 'M2', isActive: false, sortKey: 20 },
        ],
        groupControls: [
          {
            group: { id: group.id, name: group.name },
            isActive: true,
            isBugGroup: true,
            entry: true,
            canEdit: true,
            editcomponents: false,
            memberControl: 'DEFAULT',
            otherControl: 'NA',
          },
        ],
        access: { canSee: true, canEnter: false, canEdit: false },
      });
      expect(rules.params).toEqual({
        defaultPriority: '---',
        defaultSeverity: 'normal',
        defaultPlatform: 'All',
        defaultOpSys: 'All',
        letSubmitterChoosePriority: true,
        letSubmitterChooseMilestone: true,
        duplicateOrMoveBugStatus: 'RESOLVED',
        commentOnDuplicate: false,
        mustHaveMilestoneOnAccept: false,
        noResolveOnOpenBlockers: false,
        useQaContact: true,
        useTargetMilestone: true,
        useStatusWhiteboard: true,
        useSeeAlso: true,
        useClassification: false,
      });
      expect(rules.fields.initialStatuses).toEqual([
        { name: 'UNCONFIRMED', commentRequired: false },
        { name: 'CONFIRMED', commentRequired: false },
        { name: 'IN_PROGRESS', commentRequired: false },
      ]);
      expect(rules.fields.statuses.find((s) => s.name === 'RESOLVED')).toMatchObject({
        isOpen: false,
        canChangeTo: [
          { name: 'UNCONFIRMED', commentRequired: false },
          { name: 'CONFIRMED', commentRequired: false },
          { name: 'REOPENED', commentRequired: true },
          { name: 'VERIFIED', commentRequired: false },
        ],
      });
      expect(rules.fields.priorities.find((p) => p.name === 'Lowest')).toMatchObject({ isActive: false, sortKey: 500 });
      expect(rules.fields.resolutions.map((r) => r.name)).toEqual(['', 'FIXED', 'INVALID', 'WONTFIX', 'DUPLICATE', 'WORKSFORME']);
      expect(rules.fields.customFields.find((f) => f.name === 'cf_rb_colour')).toMatchObject({
        type: 2,
        visibilityField: 'product',
        visibilityValues: [product],
        values: [
          { name: '---', isActive: true, sortKey: 0, visibilityValue: null },
          { name: 'Crimson', isActive: true, sortKey: 1, visibilityValue: null },
        ],
      });
    });

    it('tells a member what its groups allow, and answers fields alone without products', async () => {
      const asMember = await tracker().request<BugRulesResult>(
        RESOLVE_BUG_RULES_SUBJECT,
        { products: [product] },
        {
          ...ANONYMOUS,
          userId: member.id,
          login: member.login,
          groupIds: [group.id],
          ip: null,
        },
      );
      expect(asMember.products[0]?.access).toEqual({ canSee: true, canEnter: true, canEdit: true });
      const cheap = await tracker().request<BugRulesResult>(RESOLVE_BUG_RULES_SUBJECT, {});
      expect({ products: cheap.products, unknown: cheap.unknownProducts, statuses: cheap.fields.statuses.length }).toEqual({
        products: [],
        unknown: [],
        statuses: 6,
      });
    });
  });
}
