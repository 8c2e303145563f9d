import { describeInBothModes } from '../../support/modes';
import { classificationAndKeywordCases } from './cases/classifications-keywords.cases';
import { componentCases } from './cases/components.cases';
import { groupControlCases } from './cases/group-controls.cases';
import { productChangeCases } from './cases/product-changes.cases';
import { productReadCases } from './cases/product-reads.cases';
import { pythonBugzillaCases } from './cases/python-bugzilla.cases';
import { rebuildAndRuleCases } from './cases/rebuild-and-rules.cases';
import { catalogSuite } from './support/suite';

/**
 * Products, components, versions, milestones, classifications, keywords and product group
 * controls over HTTP: Bugzilla's Product, Component and Classification calls and
 * Tracker's administration extensions; then the read model rebuilt from the log, and the
 * bug rules the bugs service asks for. One Tracker per run mode; the first cases read the
 * fresh install, the rebuild runs last (it replays everything before it).
 */
describeInBothModes('catalog', (tracker, mode) => {
  const suite = catalogSuite(tracker, 'products');
  productReadCases(suite);
  pythonBugzillaCases(suite);
  productChangeCases(suite);
  componentCases(suite);
  classificationAndKeywordCases(suite);
  groupControlCases(suite);
  rebuildAndRuleCases(tracker, mode);
});
