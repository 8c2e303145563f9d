import { fieldSelection } from '@tracker/field-filter';
import { type PushdownScope, pushedDownSelect } from './search-pushdown';

function select(include?: string, exclude?: string, scope: Partial<PushdownScope> = {}): string | null {
  return pushedDownSelect({ fields: fieldSelection(include, exclude), timetracker: false, customFields: [], ...scope });
}

describe('include_fields pushed down into the search SQL', () => {
  it('given plain columns then selects them as one object, id included, in the order of a bug object', () => {
    expect(select('summary,status')).toBe("json_build_object('id', b.id, 'status', b.status, 'summary', b.summary)");
  });

  it('given times then formats them in SQL as Bugzilla does, truncated to the second in UTC', () => {
    expect(select('creation_time')).toBe(
      `json_build_object('creation_time', to_char(b.creation_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'id', b.id)`,
    );
  });

  it('given time tracking fields then reads them from the document for a time tracker and leaves them out for others', () => {
    expect(select('id,actual_time', undefined, { timetracker: true })).toBe(
      "json_build_object('actual_time', b.doc->'actualTime', 'id', b.id)",
    );
    expect(select('id,actual_time')).toBe("json_build_object('id', b.id)");
  });

  it.each([
    ['a user field', 'id,assigned_to', undefined],
    ['a user sub-field', 'assigned_to.name', undefined],
    ['the defaults', undefined, undefined],
    ['_default without the user fields but with a custom field', '_default', 'assigned_to,cc,creator,qa_contact'],
    ['_all', '_all', undefined],
    ['tags', 'id,tags', undefined],
    ['a custom field by name', 'id,cf_ticket', undefined],
  ])('given %s then keeps the full path', (_, include, exclude) => {
    expect(select(include, exclude, { customFields: [{ name: 'cf_ticket', type: 1 }] })).toBeNull();
  });

  it('given _default without the user fields and no custom fields then pushes every column down', () => {
    const sql = select('_default', 'assigned_to,cc,creator,qa_contact');
    const keys = [...(sql ?? '').matchAll(/(?:\(|, )'([a-z_]+)', /g)].map((match) => match[1]);
    expect(keys).toEqual([
      'alias',
      'blocks',
      'classification',
      'component',
      'creation_time',
      'deadline',
      'depends_on',
      'dupe_of',
      'groups',
      'id',
      'is_cc_accessible',
      'is_confirmed',
      'is_creator_accessible',
      'is_open',
      'keywords',
      'last_change_time',
      'op_sys',
      'platform',
      'priority',
      'product',
      'resolution',
      'see_also',
      'severity',
      'status',
      'summary',
      'target_milestone',
      'url',
      'version',
      'whiteboard',
    ]);
  });

  it('given no field lists at all (a call not from the gateway) then keeps the full path', () => {
    expect(pushedDownSelect({ fields: undefined, timetracker: false, customFields: [] })).toBeNull();
  });
});
