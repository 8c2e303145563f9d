import { REBUILD_BUGS_SUBJECT } from '@tracker/contracts';
import { readModelRebuildHandler } from '@tracker/platform/read-model';

/** `bugs.admin.rebuild` (docs/bugs.md): the bugs read model replayed from the log. */
export const RebuildBugsHandler = readModelRebuildHandler(REBUILD_BUGS_SUBJECT, 'rebuild the bugs read model');
