import { parseSearch } from '@tracker/bugs/domain';
import { compileCount, compileSearch, type SearchScope } from './search-sql';

const SCOPE: SearchScope = {
  schema: '"bugs"',
  userId: 7,
  groupIds: [3],
  insider: false,
  customFields: [],
  valueOrder: { priorities: ['High', 'Low'] },
};
const CONTEXT = {
  statuses: [
    { name: 'CONFIRMED', isOpen: true },
    { name: 'RESOLVED', isOpen: false },
  ],
  resolutions: ['', 'FIXED'],
  priorities: ['High', 'Low'],
  keywords: ['perf'],
  customFields: [],
  maxResults: 100,
  timetracker: false,
};

function sql(params: Record<string, unknown>): { text: string; values: unknown[] } {
  const request = parseSearch(params, CONTEXT);
  if ('code' in request) throw new Error(request.message);
  return compileSearch(request, SCOPE);
}

describe('search SQL', () => {
  it('puts the visibility rule and bare, indexable conditions in the WHERE clause', () => {
    const { text, values } = sql({ product: 'Widgets', status: 'CONFIRMED', limit: 5 });
    expect(text.replace(/\s+/g, ' ')).toContain(
      'WHERE (b.group_ids <@ $2::int[] OR b.assignee_id = $1 OR b.qa_contact_id = $1 OR (b.is_creator_accessible AND b.reporter_id = $1) OR (b.is_cc_accessible AND $1 = ANY(b.cc_ids))) AND (b.product = $3 AND b.status = $4) ORDER BY b.id LIMIT $5 OFFSET $6',
    );
    expect(values).toEqual([7, [3], 'Widgets', 'CONFIRMED', 5, 0]);
  });

  it('turns a quicksearch word into one union of indexed id sets, every parameter used', () => {
    const { text, values } = sql({ quicksearch: ':Search-40700ce0 crash' });
    const used = new Set([...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(values.map((_, i) => i + 1));
    expect(text).toContain('b.id IN (SELECT x.id FROM "bugs".bugs x WHERE lower(x.product) LIKE');
    expect(values).toContain('%crash%');
  });

  it('keeps a word that is also a keyword as plain alternatives, every parameter used', () => {
    const { text, values } = sql({ quicksearch: 'perf' });
    expect([...new Set([...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])))].sort((a, b) => a - b)).toEqual(
      values.map((_, i) => i + 1),
    );
    expect(text).toContain('EXISTS (SELECT 1 FROM unnest(b.keywords)');
  });

  it('counts with the same visibility rule and criteria, without order, limit or offset', () => {
    const request = parseSearch({ product: 'Widgets', order: 'priority', limit: 5, offset: 2 }, CONTEXT);
    if ('code' in request) throw new Error(request.message);
    const { text, values } = compileCount(request, SCOPE);
    expect(text.replace(/\s+/g, ' ')).toBe(
      'SELECT count(*)::int AS bug_count FROM "bugs".bugs b WHERE (b.group_ids <@ $2::int[] OR b.assignee_id = $1 OR b.qa_contact_id = $1 OR (b.is_creator_accessible AND b.reporter_id = $1) OR (b.is_cc_accessible AND $1 = ANY(b.cc_ids))) AND (b.product = $3)',
    );
    expect(values).toEqual([7, [3], 'Widgets']);
  });

  it('unites the substrings of several summaries as any of them, each taken whole, when ordered by another field', () => {
    const { text, values } = sql({ summary: ['alpha beta', 'gamma'], order: 'priority' });
    expect(text).toContain(
      'b.id IN (SELECT x.id FROM "bugs".bugs x WHERE lower(x.summary) LIKE $3 UNION SELECT x.id FROM "bugs".bugs x WHERE lower(x.summary) LIKE $4)',
    );
    expect(values.slice(2, 4)).toEqual(['%alpha beta%', '%gamma%']);
  });

  it('negates with coalesce so that a missing value counts as not matching', () => {
    expect(sql({ f1: 'short_desc', o1: 'notsubstring', v1: 'x' }).text).toContain('NOT coalesce(lower(b.summary) LIKE $3, false)');
  });

  it('ordered by id alone, takes the first limit + offset ids of each alternative, each under the visibility rule and the other criteria', () => {
    const { text, values } = sql({ quicksearch: 'gadget', limit: 20, offset: 5 });
    const used = new Set([...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(values.map((_, i) => i + 1));
    expect(values[0]).toBe(25);
    const branches = [
      ...text.matchAll(/\(SELECT b\.id FROM "bugs"\.bugs b WHERE \(b\.group_ids <@ \$\d+::int\[\].*?ORDER BY b\.id LIMIT \$1\)/gs),
    ];
    // product, component, alias, summary, whiteboard, comments: each a branch with the open statuses
    expect(branches).toHaveLength(6);
    for (const [branch] of branches) expect(branch).toMatch(/b\.status = \$\d+ AND /);
    expect(text).toMatch(
      /^SELECT b\.doc, .* WHERE b\.id IN \(\(SELECT b\.id .* UNION \(SELECT b\.id .*\)\) ORDER BY b\.id LIMIT \$\d+ OFFSET \$\d+$/s,
    );
  });

  it('keeps the whole union when two words each have alternatives, and for a count', () => {
    expect(sql({ quicksearch: 'gadget widget' }).text).not.toContain('LIMIT $1)');
    const request = parseSearch({ quicksearch: 'gadget' }, CONTEXT);
    if ('code' in request) throw new Error(request.message);
    expect(compileCount(request, SCOPE).text).toContain('b.id IN (SELECT x.id FROM "bugs".bugs x WHERE lower(x.product) LIKE');
  });

  it('lets a keyword alternative walk only the bugs that have keywords', () => {
    expect(sql({ quicksearch: 'perf' }).text).toContain('(cardinality(b.keywords) > 0 AND EXISTS (SELECT 1 FROM unnest(b.keywords)');
  });
});
