import { describeInEmbeddedMode } from '../../support/modes';
import { customFieldCases } from './cases/custom-fields.cases';
import { fieldReadCases } from './cases/field-reads.cases';
import { fieldValueCases } from './cases/field-values.cases';
import { catalogSuite } from './support/suite';

/**
 * Bug.fields, Bug.legal_values and the administration of custom fields, legal values and
 * the status workflow, end to end. The first cases read the fresh install, before any
 * case changes it.
 */
describeInEmbeddedMode('catalog: bug fields, values and workflow', (tracker) => {
  const suite = catalogSuite(tracker, 'fields');
  fieldReadCases(suite);
  customFieldCases(suite);
  fieldValueCases(suite);
});
