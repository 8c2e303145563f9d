import type { RunningTracker } from '../../../support/tracker';
import type { CatalogApi, TestUser } from './catalog-api';

/** What every case module of a catalog suite gets: the API, an ordinary user, the Tracker. */
export interface CatalogSuite {
  readonly api: CatalogApi;
  /** an account in no group, made once per suite */
  readonly user: () => TestUser;
  readonly tracker: () => RunningTracker;
}
