import { describeInBothModes } from '../../support/modes';
import { classificationAndKeywordCases } from './cases/classifications-keywords.cases';
import { componentCases } from './cases/components.cases';
import { groupControlCases } from './cases/group-controls.cases';
import { productChangeCases } from './cases/product-changes.cases';
import { productReadCases } from './cases/product-reads.cases';
import { pythonBugzillaCases } from './cases/python-bugzilla.cases';
import { catalogSuite } from './support/suite';

/**
 * Products, components, versions, milestones, classifications, keywords and product group
 * controls over HTTP: Bugzilla's Product, Component and Classification calls and
 * Tracker's administration extensions. One Tracker per run mode; the first cases read
 * the fresh install.
 */
describeInBothModes('catalog: products and their administration', (tracker) => {
  const suite = catalogSuite(tracker, 'products');
  productReadCases(suite);
  pythonBugzillaCases(suite);
  productChangeCases(suite);
  componentCases(suite);
  classificationAndKeywordCases(suite);
  groupControlCases(suite);
});
