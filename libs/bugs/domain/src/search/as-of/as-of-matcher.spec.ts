import { type DomainError, isDomainError } from '@tracker/contracts';
import { type BugAsOf, bugAsOf } from '../../as-of/bug-as-of';
import { GOLDEN_INPUT, MINIMAL_INPUT, createBug, datedStream, updateBug } from '../../testing';
import { parseSearch } from '../parse-search';
import type { SearchContext } from '../search-context';
import { type CurrentComment, type CurrentUserNames, visibleCommentsAsOf } from './as-of-known';
import { type AsOfMatchScope, compileAsOfCriteria } from './as-of-matcher';

const CONTEXT: SearchContext = {
  statuses: [
    { name: 'UNCONFIRMED', isOpen: true },
    { name: 'CONFIRMED', isOpen: true },
    { name: 'RESOLVED', isOpen: false },
  ],
  resolutions: ['', 'FIXED'],
  priorities: ['Highest', 'Normal', '---'],
  keywords: ['regression', 'perf'],
  customFields: ['cf_colour', 'cf_size'],
  maxResults: 10_000,
  timetracker: true,
};
const SCOPE: AsOfMatchScope = { userId: 2, insider: false, customFieldTypes: new Map([['cf_colour', 1]]) };
/** the users' names now: the administrator was renamed since the events were written */
const USERS: CurrentUserNames = new Map([
  [1, { login: 'root@example.com', realName: 'The Admin' }],
  [2, { login: 'user@example.com', realName: 'Ursula User' }],
  [3, { login: 'other@example.com', realName: 'Otto Other' }],
]);

const CREATED = '2026-11-22T10:00:00.000Z';
const CHANGED = '2026-11-22T11:00:00.000Z';
const THEN = '2026-11-22T10:30:00.000Z';

/** Golden bug 4, its whiteboard and keywords changed at CHANGED. */
const golden = datedStream(
  [CREATED, createBug(GOLDEN_INPUT)],
  [
    CHANGED,
    updateBug({
      whiteboard: '[tin]',
      keywords: { set: ['regression'] },
      blocks: { add: ['1'] },
      comment: { body: 'Seen in the logs.', isPrivate: false, isMarkdown: false },
    }),
  ],
);
/** Bug 6 of the Backend component: assignee user, QA contact admin, CC other; its comment 0 (60) made private since. */
const backend = datedStream([
  CREATED,
  createBug(
    { ...MINIMAL_INPUT, component: 'Backend', summary: 'Queue stalls', description: 'Stalls at noon.' },
    { bugId: 6, commentId: 60 },
  ),
]);
/** The comments as the read model holds them now. */
const COMMENTS: ReadonlyMap<number, CurrentComment> = new Map([
  [10, { text: 'Widget appears upside down on Linux.', authorId: 1, isPrivate: false }],
  [11, { text: 'Seen in the logs.', authorId: 3, isPrivate: false }],
  [60, { text: 'Stalls at noon.', authorId: 1, isPrivate: true }],
]);

const at = (events: typeof golden, instant: string): BugAsOf => {
  const folded = bugAsOf(events, instant);
  if (!folded) throw new Error('no bug then');
  return folded;
};
const BUGS_THEN = [at(golden, THEN), at(backend, THEN)];
const BUGS_NOW = [at(golden, '2099-01-01T00:00:00Z'), at(backend, '2099-01-01T00:00:00Z')];

function found(raw: Record<string, unknown>, bugs: readonly BugAsOf[] = BUGS_THEN, scope = SCOPE): number[] {
  const search = parseSearch(raw, CONTEXT);
  if (isDomainError(search)) throw new Error(`refused: ${search.message}`);
  const matches = compileAsOfCriteria(search.criteria, scope);
  return bugs.filter((bug) => matches(bug, { users: USERS, comments: COMMENTS })).map((bug) => bug.state.bugId);
}

function refusal(raw: Record<string, unknown>): { code: number; message: string } {
  const search = parseSearch(raw, CONTEXT);
  if (isDomainError(search)) return { code: search.code, message: search.message };
  try {
    compileAsOfCriteria(search.criteria, SCOPE);
  } catch (error) {
    const refused = error as DomainError;
    return { code: refused.code, message: refused.message };
  }
  throw new Error('not refused');
}

describe('matching a search on bugs as of an instant', () => {
  it('matches the values of then: the old whiteboard then, the new one only now', () => {
    expect(found({ whiteboard: 'golden' })).toEqual([4]);
    expect(found({ whiteboard: 'golden' }, BUGS_NOW)).toEqual([]);
    expect(found({ whiteboard: 'tin' }, BUGS_NOW)).toEqual([4]);
    expect(found({ keywords: 'perf' })).toEqual([4]);
    expect(found({ keywords: 'perf' }, BUGS_NOW)).toEqual([]);
    expect(found({ blocks: '1' })).toEqual([]);
    expect(found({ blocks: '1' }, BUGS_NOW)).toEqual([4]);
  });

  it('applies the plain search criteria: product, component, status, resolution, summary substring, ids, alias', () => {
    expect(found({ product: 'RefProduct' })).toEqual([4, 6]);
    expect(found({ component: 'Backend' })).toEqual([6]);
    expect(found({ status: 'CONFIRMED' })).toEqual([4, 6]);
    expect(found({ status: '__closed__' })).toEqual([]);
    expect(found({ resolution: '---' })).toEqual([4, 6]);
    expect(found({ summary: 'UPSIDE' })).toEqual([4]);
    expect(found({ summary: ['stalls', 'upside'] })).toEqual([4, 6]);
    expect(found({ id: [6, 99] })).toEqual([6]);
    expect(found({ alias: 'GOLDEN-1' })).toEqual([4]);
    expect(found({ f1: 'short_desc', o1: 'notsubstring', v1: 'queue' })).toEqual([4]);
    expect(found({ f1: 'short_desc', o1: 'regexp', v1: '^queue\\s' })).toEqual([6]);
    expect(found({ f1: 'short_desc', o1: 'allwords', v1: 'widget upside' })).toEqual([4]);
    expect(found({ f1: 'short_desc', o1: 'anywords', v1: 'wid rend' })).toEqual([]);
  });

  it('matches people by their names now, and %user% as the caller', () => {
    expect(found({ assigned_to: 'root@' })).toEqual([4]);
    expect(found({ assigned_to: 'admin@' })).toEqual([]);
    expect(found({ creator: 'root' })).toEqual([4, 6]);
    expect(found({ qa_contact: 'root' })).toEqual([6]);
    expect(found({ cc: 'other' })).toEqual([6]);
    expect(found({ cc: 'user@' })).toEqual([4]);
    expect(found({ f1: 'assigned_to', o1: 'equals', v1: '%user%' })).toEqual([6]);
    expect(found({ f1: 'assigned_to_realname', o1: 'substring', v1: 'ursula' })).toEqual([6]);
  });

  it('treats no value as SQL does: a negative operator or a negated chart matches it', () => {
    expect(found({ f1: 'qa_contact', o1: 'isempty' })).toEqual([4]);
    expect(found({ f1: 'dup_id', o1: 'isnotempty' })).toEqual([]);
    expect(found({ f1: 'dup_id', o1: 'notequals', v1: '5' })).toEqual([4, 6]);
    expect(found({ f1: 'qa_contact', o1: 'notsubstring', v1: 'root' })).toEqual([4]);
    expect(found({ f1: 'OP', n1: '1', f2: 'component', o2: 'equals', v2: 'Backend', f3: 'CP' })).toEqual([4]);
  });

  it('compares numbers, dates and custom fields by their type', () => {
    expect(found({ f1: 'estimated_time', o1: 'greaterthan', v1: '4' })).toEqual([4]);
    expect(found({ f1: 'deadline', o1: 'lessthaneq', v1: '2030-01-31' })).toEqual([4]);
    expect(found({ creation_time: '2026-11-22T10:00:00Z' })).toEqual([4, 6]);
    expect(found({ f1: 'delta_ts', o1: 'greaterthan', v1: '2026-11-22 10:30' }, BUGS_NOW)).toEqual([4]);
    const [first, second] = BUGS_THEN as [BugAsOf, BugAsOf];
    const red = {
      ...first,
      state: { ...first.state, fields: { ...first.state.fields, customFields: { cf_colour: 'red', cf_size: 'L' } } },
    };
    expect(found({ cf_colour: 'red' }, [red, second])).toEqual([4]);
    expect(found({ f1: 'cf_colour', o1: 'isempty' }, [red, second])).toEqual([6]);
    // a custom field the installation does not have (no type known) matches nothing, as in SQL
    expect(found({ f1: 'cf_size', o1: 'equals', v1: 'L' }, [red, second])).toEqual([]);
  });

  it('refuses by name what it cannot judge, and a value that could never match, before any bug is folded', () => {
    expect(refusal({ tags: 'mine' })).toEqual({
      code: 32000,
      message:
        "A search with 'as_of' cannot match on 'tag': personal tags are kept in streams of their own, not folded by a search as of an instant. Leave it out, or search without 'as_of'.",
    });
    expect(refusal({ quicksearch: 'tag:mine' }).message).toContain("cannot match on 'tag'");
    expect(refusal({ f1: 'bug_id', o1: 'equals', v1: 'x1' }).code).toBe(52);
    expect(refusal({ f1: 'creation_ts', o1: 'lessthan', v1: 'tuesday' })).toEqual({ code: 56, message: "'tuesday' is not a legal date." });
    expect(refusal({ f1: 'short_desc', o1: 'regexp', v1: '(' }).message).toMatch(/^Invalid regular expression/);
    expect(refusal({ f1: 'creation_ts', o1: 'substring', v1: '2026' }).message).toBe(
      "A search with 'as_of' cannot use 'substring' on 'creation_ts'; compare it as a date.",
    );
  });

  it('matches the comments that existed then, by their texts and their authors now, private ones only for insiders', () => {
    expect(found({ longdesc: 'logs' })).toEqual([]);
    expect(found({ longdesc: 'logs' }, BUGS_NOW)).toEqual([4]);
    expect(found({ longdesc: 'upside' })).toEqual([4]);
    expect(found({ longdesc: 'noon' })).toEqual([]);
    expect(found({ longdesc: 'noon' }, BUGS_THEN, { ...SCOPE, insider: true })).toEqual([6]);
    expect(found({ f1: 'commenter', o1: 'substring', v1: 'other@' }, BUGS_NOW)).toEqual([4]);
    expect(found({ f1: 'commenter', o1: 'substring', v1: 'other@' })).toEqual([]);
    expect(found({ quicksearch: 'upside' })).toEqual([4]);
    expect(found({ quicksearch: 'logs' }, BUGS_NOW)).toEqual([4]);
  });

  it('shows a caller outside the insider group only the comments public both then and now', () => {
    const [first] = BUGS_THEN as [BugAsOf];
    const comments = [
      { commentId: 10, count: 0, isPrivate: false },
      { commentId: 11, count: 1, isPrivate: true },
    ];
    const bug = { ...first, state: { ...first.state, comments } };
    const now = new Map([
      [10, { text: 'private now', authorId: 1, isPrivate: true }],
      [11, { text: 'public now', authorId: 1, isPrivate: false }],
    ]);
    expect(visibleCommentsAsOf(bug, now, false)).toEqual([]);
    expect(visibleCommentsAsOf(bug, now, true).map((comment) => comment.text)).toEqual(['private now', 'public now']);
  });
});
