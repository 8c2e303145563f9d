import { isDomainError } from '@tracker/contracts';
import { parseSearch } from './parse-search';
import type { SearchContext } from './search-context';
import { condition, group, type SearchRequest } from './search-criteria';

export const CONTEXT: SearchContext = {
  statuses: [
    { name: 'UNCONFIRMED', isOpen: true },
    { name: 'CONFIRMED', isOpen: true },
    { name: 'IN_PROGRESS', isOpen: true },
    { name: 'RESOLVED', isOpen: false },
    { name: 'VERIFIED', isOpen: false },
  ],
  resolutions: ['', 'FIXED', 'INVALID', 'WONTFIX', 'DUPLICATE', 'WORKSFORME'],
  priorities: ['Highest', 'High', 'Normal', 'Low', 'Lowest', '---'],
  keywords: ['regression', 'perf'],
  customFields: ['cf_colour'],
  maxResults: 10_000,
  timetracker: false,
};

function parsed(raw: Record<string, unknown>, context: SearchContext = CONTEXT): SearchRequest {
  const result = parseSearch(raw, context);
  if (isDomainError(result)) throw new Error(`refused: ${result.code} ${result.message}`);
  return result;
}

describe('search parameters', () => {
  it('turns simple parameters into AND of any-of, with Bugzilla default operators and internal names', () => {
    expect(
      parsed({
        product: ['A', 'B'],
        short_desc: 'golden widget',
        creator: ['bob', 'ann'],
        creation_time: '2026-01-01T00:00:00.000Z',
        whiteboard: 'x',
        keywords: 'perf',
        cf_colour: 'red',
      }).criteria,
    ).toEqual(
      group('AND', [
        condition('product', 'anyexact', 'A,B'),
        condition('short_desc', 'substring', 'golden widget'),
        condition('reporter', 'anywordssubstr', 'bob ann'),
        condition('creation_ts', 'greaterthaneq', '2026-01-01T00:00:00.000Z'),
        condition('status_whiteboard', 'substring', 'x'),
        condition('keywords', 'allwords', 'perf'),
        condition('cf_colour', 'anyexact', 'red'),
      ]),
    );
  });

  it('takes a summary or whiteboard value with spaces as one substring, and several values as any of them', () => {
    expect(parsed({ summary: 'alpha beta' }).criteria).toEqual(group('AND', [condition('short_desc', 'substring', 'alpha beta')]));
    expect(parsed({ summary: ['alpha beta', 'gamma'], whiteboard: ['[a]', '[b]'] }).criteria).toEqual(
      group('AND', [
        group('OR', [condition('short_desc', 'substring', 'alpha beta'), condition('short_desc', 'substring', 'gamma')]),
        group('OR', [condition('status_whiteboard', 'substring', '[a]'), condition('status_whiteboard', 'substring', '[b]')]),
      ]),
    );
  });

  it('makes several values any of them for every operator that compares one value, and none of them for a negative one', () => {
    expect(parsed({ url: ['example com', 'other'] }).criteria).toEqual(
      group('AND', [
        group('OR', [condition('bug_file_loc', 'allwordssubstr', 'example com'), condition('bug_file_loc', 'allwordssubstr', 'other')]),
      ]),
    );
    expect(parsed({ summary: ['a', 'b'], summary_type: 'allwordssubstr' }).criteria).toEqual(
      group('AND', [group('OR', [condition('short_desc', 'allwordssubstr', 'a'), condition('short_desc', 'allwordssubstr', 'b')])]),
    );
    expect(parsed({ summary: ['a', 'b'], summary_type: 'notsubstring' }).criteria).toEqual(
      group('AND', [group('OR', [condition('short_desc', 'substring', 'a'), condition('short_desc', 'substring', 'b')], true)]),
    );
    expect(parsed({ cf_colour: ['red', 'blue'], cf_colour_type: 'regexp' }).criteria).toEqual(
      group('AND', [group('OR', [condition('cf_colour', 'regexp', 'red'), condition('cf_colour', 'regexp', 'blue')])]),
    );
  });

  it('joins several values for operators that read a list, and keeps several keywords as all of them', () => {
    expect(parsed({ summary: ['a b', 'c'], summary_type: 'anywordssubstr', priority: ['High', 'Low'] }).criteria).toEqual(
      group('AND', [condition('short_desc', 'anywordssubstr', 'a b,c'), condition('priority', 'anyexact', 'High,Low')]),
    );
    expect(parsed({ keywords: ['perf', 'regression'] }).criteria).toEqual(
      group('AND', [condition('keywords', 'allwords', 'perf,regression')]),
    );
    expect(parsed({ resolution: ['---', 'FIXED'] }).criteria).toEqual(group('AND', [condition('resolution', 'anyexact', ',FIXED')]));
  });

  it('applies <field>_type, drops unknown parameters and time tracking for non-timetrackers', () => {
    expect(parsed({ summary: 'a', summary_type: 'casesubstring', nonsense: 1, estimated_time: 3 }).criteria).toEqual(
      group('AND', [condition('short_desc', 'casesubstring', 'a')]),
    );
    expect(parsed({ estimated_time: 3 }, { ...CONTEXT, timetracker: true }).criteria).toEqual(
      group('AND', [condition('estimated_time', 'anyexact', '3')]),
    );
  });

  it('expands the special statuses, drops unknown ones, and leaves out a filter on every status', () => {
    expect(parsed({ status: '__open__' }).criteria).toEqual(
      group('AND', [condition('bug_status', 'anyexact', 'UNCONFIRMED,CONFIRMED,IN_PROGRESS')]),
    );
    expect(parsed({ status: ['__closed__', 'BOGUS'] }).criteria).toEqual(
      group('AND', [condition('bug_status', 'anyexact', 'RESOLVED,VERIFIED')]),
    );
    expect(parsed({ status: '__all__' }).criteria).toEqual(group('AND', []));
    expect(parsed({ resolution: '---' }).criteria).toEqual(group('AND', [condition('resolution', 'anyexact', '')]));
  });

  it('caps limit at the maximum, takes 0 as everything up to it, and wants a limit with offset', () => {
    expect(parsed({}).limit).toBe(10_000);
    expect(parsed({ limit: 5, offset: 10 })).toMatchObject({ limit: 5, offset: 10 });
    expect(parsed({ limit: 0, offset: 10 })).toMatchObject({ limit: 10_000, offset: 0 });
    expect(parsed({ limit: 20_000 }).limit).toBe(10_000);
    const refused = parseSearch({ offset: 1 }, CONTEXT);
    expect(isDomainError(refused) && { code: refused.code, message: refused.message }).toEqual({
      code: 50,
      message: 'The function Bug.search() requires a limit argument, and that argument was not set.',
    });
  });

  it('takes as_of as the instant of the search, not as a criterion', () => {
    expect(parsed({ summary: 'crash', as_of: '2026-01-01T00:00:00.000Z' }).criteria).toEqual(parsed({ summary: 'crash' }).criteria);
  });

  it('reads order terms, dropping unknown columns', () => {
    expect(parsed({ order: 'priority DESC, bogus, bug_id' }).order).toEqual([
      { field: 'priority', descending: true },
      { field: 'bug_id', descending: false },
    ]);
  });

  it('reads advanced charts with groups, negation and the top-level join', () => {
    expect(
      parsed({
        j_top: 'OR',
        f1: 'priority',
        o1: 'equals',
        v1: 'High',
        f2: 'OP',
        j2: 'AND',
        n2: '1',
        f3: 'component',
        o3: 'substring',
        v3: 'ui',
        f4: 'CP',
      }).criteria,
    ).toEqual(
      group('AND', [
        group('OR', [condition('priority', 'equals', 'High'), group('AND', [condition('component', 'substring', 'ui')], true)]),
      ]),
    );
    expect(
      parsed({ 'field0-0-0': 'keywords', 'type0-0-0': 'substring', 'value0-0-0': 'perf', 'field0-0-1': 'blocked', 'value0-0-1': '5' })
        .criteria,
    ).toEqual(
      group('AND', [group('AND', [group('OR', [condition('keywords', 'substring', 'perf'), condition('blocked', 'substring', '5')])])]),
    );
    expect(parsed({ email1: 'bob', emailtype1: 'exact', emailcc1: '1' }).criteria).toEqual(
      group('AND', [group('OR', [condition('cc', 'equals', 'bob')])]),
    );
  });

  it('refuses unknown fields and operators in charts', () => {
    const field = parseSearch({ f1: 'nope', o1: 'equals', v1: 'x' }, CONTEXT);
    expect(isDomainError(field) && field.message).toBe("Can't use nope as a field name.");
    const operator = parseSearch({ f1: 'priority', o1: 'near', v1: 'x' }, CONTEXT);
    expect(isDomainError(operator) && operator.message).toBe("The search operator 'near' is not valid.");
  });
});
