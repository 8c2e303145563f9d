/**
 * What a fresh installation ships with besides the field definitions: Bugzilla 5.2's
 * select values (Bugzilla::DB ENUM_DEFAULTS, sort keys 100, 200, ...), its status
 * workflow (Bugzilla::Install STATUS_WORKFLOW; no transition needs a comment), its
 * classification, test product and component, and Tracker's own small keyword set.
 */
export const DEFAULT_SELECT_VALUES: Readonly<Record<string, readonly string[]>> = {
  rep_platform: ['All', 'PC', 'Macintosh', 'Other'],
  op_sys: ['All', 'Windows', 'Mac OS', 'Linux', 'Other'],
  resolution: ['', 'FIXED', 'INVALID', 'WONTFIX', 'DUPLICATE', 'WORKSFORME'],
  bug_severity: ['blocker', 'critical', 'major', 'normal', 'minor', 'trivial', 'enhancement'],
  priority: ['Highest', 'High', 'Normal', 'Low', 'Lowest', '---'],
};

export const DEFAULT_STATUSES = [
  { id: 1, name: 'UNCONFIRMED', isOpen: true, sortKey: 100 },
  { id: 2, name: 'CONFIRMED', isOpen: true, sortKey: 200 },
  { id: 3, name: 'IN_PROGRESS', isOpen: true, sortKey: 300 },
  { id: 4, name: 'RESOLVED', isOpen: false, sortKey: 400 },
  { id: 5, name: 'VERIFIED', isOpen: false, sortKey: 500 },
] as const;

/** from (null: a new bug) → the statuses it may change to */
export const DEFAULT_TRANSITIONS: ReadonlyArray<readonly [string | null, readonly string[]]> = [
  [null, ['UNCONFIRMED', 'CONFIRMED', 'IN_PROGRESS']],
  ['UNCONFIRMED', ['CONFIRMED', 'IN_PROGRESS', 'RESOLVED']],
  ['CONFIRMED', ['IN_PROGRESS', 'RESOLVED']],
  ['IN_PROGRESS', ['CONFIRMED', 'RESOLVED']],
  ['RESOLVED', ['UNCONFIRMED', 'CONFIRMED', 'VERIFIED']],
  ['VERIFIED', ['UNCONFIRMED', 'CONFIRMED']],
];

export const DEFAULT_DUPLICATE_STATUS = 'RESOLVED';

export const DEFAULT_CLASSIFICATION = {
  id: 1,
  name: 'Unclassified',
  description: 'Not assigned to any classification',
  sortKey: 0,
} as const;

export const TEST_PRODUCT = {
  id: 1,
  name: 'TestProduct',
  description: 'This is a test product. This ought to be blown away and replaced with real stuff in a finished installation of bugzilla.',
  version: { id: 1, name: 'unspecified' },
  milestone: { id: 1, name: '---' },
  component: {
    id: 1,
    name: 'TestComponent',
    description:
      'This is a test component in the test product database. This ought to be blown away and replaced with real stuff in a finished installation of Bugzilla.',
  },
} as const;

/** Unlike Bugzilla (none), Tracker starts with keywords most trackers end up creating. */
export const DEFAULT_KEYWORDS = [
  { id: 1, name: 'regression', description: 'Something that used to work no longer does.' },
  { id: 2, name: 'crash', description: 'The software crashes or hangs.' },
  { id: 3, name: 'perf', description: 'A performance problem: too slow, or too much memory, disk or network used.' },
  { id: 4, name: 'security', description: 'A security problem: someone could see or do what they should not.' },
] as const;
