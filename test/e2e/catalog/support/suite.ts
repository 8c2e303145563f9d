import type { RunningTracker } from '../../../support/tracker';
import { CatalogApi, type TestUser, newUser } from './catalog-api';

/** What every case module of a catalog suite gets: the API, an ordinary user, the Tracker. */
export interface CatalogSuite {
  readonly api: CatalogApi;
  /** an account in no group, made once per suite */
  readonly user: () => TestUser;
  readonly tracker: () => RunningTracker;
}

/** Builds a suite's world; call it inside a describe block (it registers the user's beforeAll). */
export function catalogSuite(tracker: () => RunningTracker, label: string): CatalogSuite {
  const api = new CatalogApi(() => tracker().baseUrl);
  let user: TestUser | undefined;
  beforeAll(async () => {
    user = await newUser(api, label);
  });
  return {
    api,
    tracker,
    user: (): TestUser => {
      if (!user) throw new Error('the suite user is not made yet');
      return user;
    },
  };
}
