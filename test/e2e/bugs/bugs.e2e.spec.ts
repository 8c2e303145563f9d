import { describeInBothModes } from '../../support/modes';
import { accessCases } from './cases/access.cases';
import { asOfCases } from './cases/as-of.cases';
import { catalogChangeCases } from './cases/catalog-changes.cases';
import { createCases } from './cases/create-bug.cases';
import { pythonBugzillaCases } from './cases/python-bugzilla.cases';
import { readCases } from './cases/read-bugs.cases';
import { searchAsOfCases } from './cases/search-as-of.cases';
import { searchFieldCases } from './cases/search-fields.cases';
import { updateCases } from './cases/update-bugs.cases';
import { visitAndTagCases } from './cases/visits-and-tags.cases';
import { bugsSuite } from './support/bugs-suite';

/**
 * Bugs over the gateway's HTTP, in both run modes: create, read, update, history, last
 * visits and personal tags, every parameter and every error, compared with what Bugzilla
 * 5.2 answers in the golden recordings (../shared/reference/golden/53-98, 131-134, 150-159).
 * Then search by every field and with `as_of`; in the embedded mode bugs and comments as
 * of an instant and Debian's python-bugzilla (one service's read; the client's calls cross
 * the bus in the cases above); and who may do what with a bug in a group.
 * One Tracker per mode serves every case module (a distributed start is seven processes;
 * docs/testing.md). The access cases run last: they take editbugs from everyone.
 */
describeInBothModes('bugs', (tracker, mode) => {
  const suite = bugsSuite(tracker);
  createCases(suite);
  catalogChangeCases(suite);
  readCases(suite);
  updateCases(suite);
  visitAndTagCases(suite);
  searchFieldCases(tracker);
  searchAsOfCases(tracker);
  if (mode === 'embedded') {
    asOfCases(tracker);
    pythonBugzillaCases(tracker);
  }
  accessCases(tracker);
});
