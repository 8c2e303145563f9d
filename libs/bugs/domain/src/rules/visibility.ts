/**
 * The visibility rule lives in libs/contracts (bug-visibility.rules.ts) because flags and
 * the mailer judge it too; bugs' code keeps importing it from here. An Actor is a BugViewer.
 */
export { type BugAccessFacts, type BugViewer, canSeeBug, isInvolved } from '@tracker/contracts';
