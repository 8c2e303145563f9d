import { installPlan } from './install-plan';
import { STANDARD_FIELDS } from './standard-fields';

describe('install plan', () => {
  const plan = installPlan({ adminUserId: 1, useTargetMilestone: true });

  it('creates every standard field stream once, with ids 1..59', () => {
    const fields = plan.filter((step) => step.kind === 'field').map((step) => step.stream);
    expect(fields).toEqual(STANDARD_FIELDS.map((f) => `field-${f.id}`));
    expect(STANDARD_FIELDS.map((f) => f.id)).toEqual(Array.from({ length: 59 }, (_, i) => i + 1));
  });

  it('gives the select values distinct ids and sort keys 100, 200, ...', () => {
    const values = plan.flatMap((step) =>
      step.kind === 'field'
        ? step.commands.flatMap((c) => (c.kind === 'InstallField' ? c.values.map((v) => ({ field: c.name, ...v })) : []))
        : [],
    );
    expect(new Set(values.map((v) => v.id)).size).toBe(values.length);
    expect(values.filter((v) => v.field === 'priority').map((v) => [v.name, v.sortKey])).toEqual([
      ['Highest', 100],
      ['High', 200],
      ['Normal', 300],
      ['Low', 400],
      ['Lowest', 500],
      ['---', 600],
    ]);
  });

  it('ends with the test product and its component assigned to the administrator', () => {
    const last = plan.at(-1);
    expect(last?.stream).toBe('product-1');
    expect(last?.kind === 'product' && last.commands.map((c) => c.kind)).toEqual(['InstallProduct']);
    expect(JSON.stringify(last)).toContain('"defaultAssigneeId":1');
  });
});
