import { describeInBothModes } from '../../support/modes';
import { bytesCases } from './cases/bytes.cases';
import { createReadCases } from './cases/create-read.cases';
import { flagCases } from './cases/flags.cases';
import { gatewayBytesCases } from './cases/gateway-bytes.cases';
import { permissionCases } from './cases/permissions.cases';
import { pythonBugzillaCases } from './cases/python-bugzilla.cases';
import { rebuildCases } from './cases/rebuild.cases';
import { updateCases } from './cases/update.cases';

/**
 * Attachments over the gateway's HTTP in both run modes (issue 14, docs/attachments.md):
 * embedded on the directory adapter, distributed on the MinIO adapter against an
 * S3-protocol server. One Tracker per mode serves every case module (a distributed start
 * is seven processes; docs/testing.md); each module makes its own users and bugs, so
 * none depends on another's. The rebuild runs last: it replays everything before it.
 */
describeInBothModes('attachments', (tracker) => {
  createReadCases(tracker);
  gatewayBytesCases(tracker);
  bytesCases(tracker);
  updateCases(tracker);
  permissionCases(tracker);
  flagCases(tracker);
  pythonBugzillaCases(tracker);
  rebuildCases(tracker);
});
