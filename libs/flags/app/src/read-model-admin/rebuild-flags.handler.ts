import { REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import { readModelRebuildHandler } from '@tracker/platform/read-model';

/** `flags.admin.rebuild` (docs/flags.md §9): the flags read model replayed from the log. */
export const RebuildFlagsHandler = readModelRebuildHandler(REBUILD_FLAGS_SUBJECT, 'rebuild the flags read model');
