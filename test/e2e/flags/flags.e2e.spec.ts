import { describeInBothModes } from '../../support/modes';
import { activityAttachmentCases } from './cases/activity-attachments.cases';
import { bugFlagCases } from './cases/bug-flags.cases';
import { flagActivityCases } from './cases/flag-activity.cases';
import { flagTypeCases } from './cases/flag-types.cases';
import { reconcileCases } from './cases/reconcile.cases';
import { requesteeCases } from './cases/requestees.cases';

/**
 * Flags over the gateway's HTTP in both run modes (docs/flags.md). One Tracker per mode
 * serves every case module (a distributed start is seven processes; docs/testing.md); each
 * module makes its own users, products and types. The flag types run first: they assert
 * the ids a fresh installation hands out (goldens 121-126).
 */
describeInBothModes('flags', (tracker) => {
  flagTypeCases(tracker);
  bugFlagCases(tracker);
  requesteeCases(tracker);
  reconcileCases(tracker);
  flagActivityCases(tracker);
  activityAttachmentCases(tracker);
});
