import { describeInBothModes } from '../../support/modes';
import { customFieldCases } from './cases/custom-fields.cases';
import { fieldReadCases } from './cases/field-reads.cases';
import { fieldValueCases } from './cases/field-values.cases';
import { CatalogApi, type TestUser, newUser } from './support/catalog-api';

/**
 * Bug.fields, Bug.legal_values and the administration of custom fields, legal values and
 * the status workflow, end to end. The first cases read the fresh install, before any
 * case changes it.
 */
describeInBothModes('catalog: bug fields, values and workflow', (tracker) => {
  const api = new CatalogApi(() => tracker().baseUrl);
  let user: TestUser | undefined;

  beforeAll(async () => {
    user = await newUser(api, 'fields');
  });

  const suite = {
    api,
    tracker,
    user: (): TestUser => {
      if (!user) throw new Error('the suite user is not made yet');
      return user;
    },
  };
  fieldReadCases(suite);
  customFieldCases(suite);
  fieldValueCases(suite);
});
