import { REBUILD_IDENTITY_SUBJECT } from '@tracker/contracts';
import { readModelRebuildHandler } from '@tracker/platform/read-model';

/** `identity.admin.rebuild` (docs/identity.md): identity's read model replayed from the log. */
export const RebuildIdentityHandler = readModelRebuildHandler(REBUILD_IDENTITY_SUBJECT, 'add, modify or delete the identity read model');
