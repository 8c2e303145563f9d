import { apiKeyCases } from './cases/api-keys.cases';
import { authenticationCases } from './cases/authentication.cases';
import { busCases } from './cases/bus.cases';
import { clientCases } from './cases/clients.cases';
import { goldenCases } from './cases/goldens.cases';
import { groupCases } from './cases/groups.cases';
import { userChangeCases } from './cases/user-changes.cases';
import { userReadCases } from './cases/user-reads.cases';
import { describeInBothModes } from '../../support/modes';
import { IdentityApi } from './support/identity-api';

/**
 * The identity service end to end, over the gateway's HTTP (and the bus for what is not
 * HTTP: lookups, the AuthContext, the rebuild), in both run modes. One Tracker per mode
 * serves every case: starting one costs seconds, seven processes in distributed mode. The
 * goldens run first (they assert ids), the rebuild last (it replays everything before it).
 *
 * The suite trusts X-Forwarded-For so that each lockout case has an address of its own,
 * asks for letters and digits in passwords so that 305 shows, and lowers the per-address
 * failure limit to 8 so that it can be reached.
 */
const SUITE_ENV = {
  TRACKER_TRUST_PROXY: 'true',
  TRACKER_PASSWORD_COMPLEXITY: 'letters_numbers',
  TRACKER_MAX_LOGIN_FAILURES_PER_ADDRESS: '8',
};

describeInBothModes(
  'identity',
  (tracker) => {
    const api = new IdentityApi(() => tracker().baseUrl);
    goldenCases(api);
    authenticationCases(api);
    userChangeCases(api);
    userReadCases(api);
    groupCases(api);
    apiKeyCases(api);
    clientCases(api, () => tracker().baseUrl);
    busCases(api, tracker);
  },
  SUITE_ENV,
);
