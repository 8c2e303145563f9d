import { bugAsOf, type BugAsOf } from '../../as-of/bug-as-of';
import { MINIMAL_INPUT, createBug, datedStream } from '../../testing';
import { condition, group } from '../search-criteria';
import { asOfNarrowing, MAX_AS_OF_CANDIDATES, tooManyAsOfCandidates } from './as-of-candidates';
import { sortAsOf } from './as-of-order';

const CREATED = '2026-11-22T10:00:00.000Z';
const bug = (bugId: number, priority: string, summary: string): BugAsOf => {
  const folded = bugAsOf(datedStream([CREATED, createBug({ ...MINIMAL_INPUT, priority, summary }, { bugId })]), CREATED);
  if (!folded) throw new Error('not created');
  return folded;
};
const BUGS = [bug(7, 'Normal', 'b'), bug(5, 'Highest', 'c'), bug(6, 'Normal', 'a'), bug(8, '---', 'a')];
const SCOPE = { customFieldTypes: new Map<string, number>(), valueOrder: { priorities: ['Highest', 'Normal'] } };
const ids = (bugs: readonly BugAsOf[]): number[] => bugs.map((folded) => folded.state.bugId);

describe('ordering a search as of an instant', () => {
  it('orders by id when no order is asked', () => {
    expect(ids(sortAsOf(BUGS, [], SCOPE, new Map()))).toEqual([5, 6, 7, 8]);
  });

  it("orders select fields by their values' sort keys, a value not in the list last, then by the next term and the id", () => {
    const order = [
      { field: 'priority', descending: false },
      { field: 'short_desc', descending: true },
    ];
    expect(ids(sortAsOf(BUGS, order, SCOPE, new Map()))).toEqual([5, 7, 6, 8]);
    expect(ids(sortAsOf(BUGS, [{ field: 'priority', descending: true }], SCOPE, new Map()))).toEqual([8, 6, 7, 5]);
  });
});

describe('the candidates of a search as of an instant', () => {
  it('are narrowed only by what a bug never changes: its id and its creation time', () => {
    const criteria = group('AND', [
      condition('bug_id', 'anyexact', '4,5,6'),
      condition('bug_id', 'equals', '5'),
      condition('creation_ts', 'greaterthaneq', '2026-01-01'),
      condition('product', 'equals', 'RefProduct'),
    ]);
    expect(asOfNarrowing(criteria)).toEqual({ ids: [5], createdSince: '2026-01-01T00:00:00.000Z' });
  });

  it('are not narrowed by a negated or alternative id criterion', () => {
    expect(asOfNarrowing(group('AND', [condition('bug_id', 'anyexact', '4', true)]))).toEqual({ ids: null, createdSince: null });
    expect(asOfNarrowing(group('OR', [condition('bug_id', 'anyexact', '4')]))).toEqual({ ids: null, createdSince: null });
  });

  it('are bounded, with an error that says how to narrow', () => {
    expect(MAX_AS_OF_CANDIDATES).toBe(1000);
    expect(tooManyAsOfCandidates().toData()).toEqual({
      code: 32000,
      message:
        "A search with 'as_of' folds the history of every bug it may find, and this one may find more than 1000 bugs. Narrow it by bug ids ('id') or by creation time ('creation_time').",
    });
  });
});
