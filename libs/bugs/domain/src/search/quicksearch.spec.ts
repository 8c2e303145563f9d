import { isDomainError } from '@tracker/contracts';
import { parseSearch } from './parse-search';
import { CONTEXT } from './parse-search.spec';
import { condition, type Criterion, group } from './search-criteria';

const OPEN = condition('bug_status', 'anyexact', 'UNCONFIRMED,CONFIRMED,IN_PROGRESS');

function criteria(text: string): Criterion {
  const result = parseSearch({ quicksearch: text }, CONTEXT);
  if (isDomainError(result)) throw new Error(`refused: ${result.code} ${result.message}`);
  return result.criteria;
}

/** A plain word: one chart, its alternatives ORed (Quicksearch.pm _default_quicksearch_word). */
const word = (w: string, negate = false) => {
  const fields = [
    ...(w.length > 2 ? ['product', 'component'] : []),
    ...(CONTEXT.keywords.includes(w.toLowerCase()) ? ['keywords'] : []),
    'alias',
    'short_desc',
    'status_whiteboard',
    'longdesc',
  ];
  const items = fields.map((field) => condition(field, 'substring', w, negate));
  return negate
    ? group(
        'AND',
        items.map((item) => group('OR', [item])),
      )
    : group('AND', [group('OR', items)]);
};

describe('quicksearch', () => {
  it('searches bug numbers only as ids, in id order, whatever the status', () => {
    const result = parseSearch({ quicksearch: ' 12, 5 7 ' }, CONTEXT);
    expect(result).toMatchObject({
      criteria: group('AND', [condition('bug_id', 'anyexact', '12,5,7')]),
      order: [{ field: 'bug_id', descending: false }],
    });
  });

  it('searches plain words in product, component, keywords, alias, summary, whiteboard and comments, open bugs only', () => {
    expect(criteria('widget')).toEqual(group('AND', [word('widget'), OPEN]));
    expect(criteria('perf')).toEqual(group('AND', [word('perf'), OPEN]));
  });

  it('takes a leading status word: ALL, OPEN, or prefixes of statuses and resolutions', () => {
    expect(criteria('ALL widget')).toEqual(group('AND', [word('widget')]));
    expect(criteria('OPEN widget')).toEqual(group('AND', [OPEN, word('widget')]));
    expect(criteria('FIXED widget')).toEqual(
      group('AND', [
        group('AND', [condition('bug_status', 'anyexact', 'RESOLVED,VERIFIED'), condition('resolution', 'anyexact', 'FIXED')]),
        word('widget'),
      ]),
    );
    expect(criteria('UNCO,IN_ widget')).toEqual(
      group('AND', [group('AND', [condition('bug_status', 'anyexact', 'UNCONFIRMED,IN_PROGRESS')]), word('widget')]),
    );
    // IN also names the INVALID resolution, which brings in the closed statuses (Quicksearch.pm matchPrefixes)
    expect(criteria('IN widget')).toEqual(
      group('AND', [
        group('AND', [
          condition('bug_status', 'anyexact', 'IN_PROGRESS,RESOLVED,VERIFIED'),
          condition('resolution', 'anyexact', 'INVALID'),
        ]),
        word('widget'),
      ]),
    );
  });

  it('reads field:value terms, shortcuts, prefixes, negation and alternatives', () => {
    expect(criteria('priority:High')).toEqual(
      group('AND', [group('AND', [group('OR', [condition('priority', 'substring', 'High')])]), OPEN]),
    );
    expect(criteria('prio=High')).toEqual(group('AND', [group('AND', [group('OR', [condition('priority', 'equals', 'High')])]), OPEN]));
    expect(criteria('status:RESOLVED')).toEqual(
      group('AND', [group('AND', [group('OR', [condition('bug_status', 'substring', 'RESOLVED')])])]),
    );
    expect(criteria(':ui')).toEqual(
      group('AND', [
        group('AND', [group('OR', [condition('product', 'substring', 'ui'), condition('component', 'substring', 'ui')])]),
        OPEN,
      ]),
    );
    expect(criteria('@bob')).toEqual(group('AND', [group('AND', [group('OR', [condition('assigned_to', 'substring', 'bob')])]), OPEN]));
    expect(criteria('!perf')).toEqual(group('AND', [group('AND', [group('OR', [condition('keywords', 'anywords', 'perf')])]), OPEN]));
    expect(criteria('-widget')).toEqual(group('AND', [word('widget', true), OPEN]));
    expect(criteria('NOT widget')).toEqual(criteria('-widget'));
    expect(criteria('P1-2')).toEqual(
      group('AND', [group('AND', [group('OR', [condition('priority', 'anyexact', 'Highest,High')])]), OPEN]),
    );
    const alternatives = criteria('crash OR hang');
    expect(alternatives.kind === 'group' && alternatives.items).toHaveLength(2);
    expect(criteria('"two words"')).toEqual(group('AND', [word('two words'), OPEN]));
  });

  it.each([
    ['', 1000, 'You may not search, or create saved searches, without any search terms.'],
    [
      'AND widget',
      32000,
      'Your query is invalid. A query cannot start with AND or OR, nor can it end with AND, OR or NOT. They are reserved operators and must be quoted if you want to look for these strings.',
    ],
    ['widget OR AND crash', 32000, 'Your query is invalid. The OR operator cannot be followed by AND.'],
    ['nope:x', 32000, 'There is a problem with your search: nope is not a valid field name.'],
    [
      're:x',
      32000,
      'There is a problem with your search: re matches more than one field: remaining_time, reporter, reporter_realname, requestees.login_name, resolution.',
    ],
  ])('refuses %j', (text, code, message) => {
    const result = parseSearch({ quicksearch: text }, CONTEXT);
    expect(isDomainError(result) && { code: result.code, message: result.message }).toEqual({ code, message });
  });
});
