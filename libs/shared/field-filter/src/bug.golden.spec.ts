// Bug.get filtering checked against the objects recorded from a real Bugzilla
// (/work/shared/reference/golden/66-69, 129, 134) and the type rules of its `_bug_to_hash`.
import { ADMIN_GOLDEN_BUG, ANONYMOUS_GOLDEN_BUG, BUG_SHAPE, CUSTOM_FIELDS_BUG } from './fixtures/golden-bug.fixture';
import { fieldSelection } from './field-list.parser';
import { without } from './fixtures/without.fixture';
import { FieldFilter } from './field-filter.decision';
import { filterObject } from './object-shape.filter';

/** Filters like a REST request with these raw query parameters. */
function filterBug<T extends Record<string, unknown>>(bug: T, include?: unknown, exclude?: unknown): Partial<T> {
  return filterObject(bug, BUG_SHAPE, new FieldFilter(fieldSelection(include, exclude)));
}

const ANONYMOUS_DEFAULTS = without(ANONYMOUS_GOLDEN_BUG, 'tags');

describe('Bug.get golden recordings', () => {
  it('66: given include_fields=id,summary,status then exactly those come back', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'id,summary,status')).toEqual({
      status: 'CONFIRMED',
      id: 4,
      summary: 'Golden bug: widget renders upside down',
    });
  });

  it('134: given include_fields=id,summary then exactly those come back', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'id,summary')).toEqual({
      summary: 'Golden bug: widget renders upside down',
      id: 4,
    });
  });

  it('67: given the details and flags excluded then only flags (and the extra tags) go; details follow their base', () => {
    const result = filterBug(ANONYMOUS_GOLDEN_BUG, undefined, 'cc_detail,flags,creator_detail,assigned_to_detail,qa_contact_detail');
    expect(result).toEqual(without(ANONYMOUS_GOLDEN_BUG, 'tags', 'flags'));
    expect(result).toEqual({
      is_open: true,
      target_milestone: 'M1',
      depends_on: [],
      resolution: '',
      alias: ['golden-1'],
      cc_detail: [{ id: 2, real_name: 'Normal User', email: 'user@example.com', name: 'user@example.com' }],
      whiteboard: '[golden]',
      dupe_of: null,
      see_also: [],
      is_cc_accessible: true,
      cc: ['user@example.com'],
      url: 'http://example.com/widget',
      blocks: [],
      component: 'RefComponent',
      groups: [],
      creator: 'admin@example.com',
      deadline: '2030-01-31',
      qa_contact: '',
      is_confirmed: true,
      creation_time: '2026-11-22T14:43:21Z',
      product: 'RefProduct',
      is_creator_accessible: true,
      last_change_time: '2026-11-22T14:43:21Z',
      summary: 'Golden bug: widget renders upside down',
      status: 'CONFIRMED',
      assigned_to: 'admin@example.com',
      classification: 'Unclassified',
      keywords: ['perf'],
      id: 4,
      platform: 'PC',
      severity: 'normal',
      op_sys: 'Linux',
      priority: 'Normal',
      creator_detail: { name: 'admin@example.com', email: 'admin@example.com', real_name: 'Admin User', id: 1 },
      assigned_to_detail: { name: 'admin@example.com', email: 'admin@example.com', real_name: 'Admin User', id: 1 },
      version: '1.0',
    });
  });

  it('68: given include_fields=_all then every field comes back, the extra tags included', () => {
    expect(filterBug(ADMIN_GOLDEN_BUG, '_all')).toEqual(ADMIN_GOLDEN_BUG);
  });

  it('69: given include_fields=_default,_extra,_custom then the same object as _all comes back', () => {
    expect(filterBug(ADMIN_GOLDEN_BUG, '_default,_extra,_custom')).toEqual(filterBug(ADMIN_GOLDEN_BUG, '_all'));
    expect(filterBug(ADMIN_GOLDEN_BUG, '_default,_extra,_custom')).toEqual(ADMIN_GOLDEN_BUG);
  });

  it('129: given include_fields=id,flags then flags come back whole (Bug.get does not filter inside them)', () => {
    const flag = {
      type_id: 2,
      name: 'needinfo1',
      status: '?',
      requestee: 'user@example.com',
      modification_date: '2026-11-22T14:43:24Z',
      creation_date: '2026-11-22T14:43:24Z',
      setter: 'admin@example.com',
      id: 1,
    };
    expect(filterBug({ ...ANONYMOUS_GOLDEN_BUG, flags: [flag] }, 'id,flags')).toEqual({ flags: [flag], id: 4 });
  });
});

describe('Bug.get filtering beyond the recordings', () => {
  it('given no lists then every default field comes back and the extra tags do not', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG)).toEqual(ANONYMOUS_DEFAULTS);
  });

  it('given include_fields=_default,_extra then tags come back with the defaults', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, ['_default', '_extra'])).toEqual(ANONYMOUS_GOLDEN_BUG);
  });

  it('given include_fields=_default then tags do not come back', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, '_default')).toEqual(ANONYMOUS_DEFAULTS);
  });

  it('given include_fields=summary&exclude_fields=_all then summary still comes back', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'summary', '_all')).toEqual({
      summary: 'Golden bug: widget renders upside down',
    });
  });

  it('given include_fields=_all&exclude_fields=summary then all but summary come back', () => {
    expect(filterBug(ADMIN_GOLDEN_BUG, '_all', 'summary')).toEqual(without(ADMIN_GOLDEN_BUG, 'summary'));
  });

  it('given include_fields=assigned_to.name then assigned_to comes back with a one-field detail', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'assigned_to.name')).toEqual({
      assigned_to: 'admin@example.com',
      assigned_to_detail: { name: 'admin@example.com' },
    });
  });

  it('given include_fields=cc,id&exclude_fields=cc.email,cc_detail then cc_detail stays, without emails', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'cc id', 'cc.email+cc_detail')).toEqual({
      id: 4,
      cc: ['user@example.com'],
      cc_detail: [{ id: 2, real_name: 'Normal User', name: 'user@example.com' }],
    });
  });

  it('given include_fields=cc_detail alone then nothing comes back (the detail follows cc only)', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'cc_detail')).toEqual({});
  });

  it('given include_fields=qa_contact with no QA contact then no detail is invented', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, 'qa_contact')).toEqual({ qa_contact: '' });
  });

  it('given repeated include_fields parameters then all of them count', () => {
    expect(filterBug(ANONYMOUS_GOLDEN_BUG, ['id,status', 'summary'])).toEqual({
      id: 4,
      status: 'CONFIRMED',
      summary: 'Golden bug: widget renders upside down',
    });
  });
});

describe('Bug.get custom fields', () => {
  it('given no lists then custom fields come back with the defaults', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG)).toEqual({
      id: 7,
      summary: 'Custom fields bug',
      cf_ticket: 'T-1',
      cf_due: '2030-02-01T00:00:00Z',
    });
  });

  it('given include_fields=_custom then only custom fields come back', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG, '_custom')).toEqual({ cf_ticket: 'T-1', cf_due: '2030-02-01T00:00:00Z' });
  });

  it('given include_fields=id,_custom then the named field and custom fields come back', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG, 'id,_custom')).toEqual({
      id: 7,
      cf_ticket: 'T-1',
      cf_due: '2030-02-01T00:00:00Z',
    });
  });

  it('given exclude_fields=_custom then custom fields go', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG, undefined, '_custom')).toEqual({ id: 7, summary: 'Custom fields bug' });
  });

  it('given include_fields=_custom&exclude_fields=cf_due then the excluded custom field goes', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG, '_custom', 'cf_due')).toEqual({ cf_ticket: 'T-1' });
  });

  it('given include_fields=_extra then neither defaults nor custom fields come back', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG, '_extra')).toEqual({ tags: ['triage'] });
  });

  it('given include_fields=_all then custom and extra fields come back', () => {
    expect(filterBug(CUSTOM_FIELDS_BUG, '_all')).toEqual(CUSTOM_FIELDS_BUG);
  });
});
