import { z } from 'zod';
import * as param from '../params/param-types';
import { bugRefs } from './bug-params';

/** `GET /rest/bug/{id_or_alias}/history` (Bug.history), `new_since` strictly after. */
export const BUG_HISTORY_SUBJECT = 'bugs.history';

export const bugHistoryParams = z.object({ id: param.string(), ids: bugRefs(), new_since: param.optional(param.datetime()) });
export type BugHistoryParams = z.infer<typeof bugHistoryParams>;

export interface HistoryChangeWire {
  readonly field_name: string;
  readonly removed: string;
  readonly added: string;
  readonly attachment_id?: number;
}

export interface HistoryEntryWire {
  readonly when: string;
  readonly who: string;
  readonly changes: readonly HistoryChangeWire[];
}

export interface BugHistoryResult {
  readonly bugs: ReadonlyArray<{ readonly id: number; readonly alias: readonly string[]; readonly history: readonly HistoryEntryWire[] }>;
}
