import type { RecordedEvent } from '@tracker/platform/event-store';
import type { EntityManager } from 'typeorm';

/**
 * A read model fed by events. `apply` runs inside the transaction that also moves the
 * projection's checkpoint, so each event takes effect exactly once; it receives events
 * in global order, in batches (fold per stream and write in bulk when replaying).
 */
export interface Projection {
  /** checkpoint key, unique within the service */
  readonly name: string;
  /** only events of streams starting with one of these are delivered */
  readonly streamPrefixes: readonly string[];
  /** For a projection nobody waits on: the subscription's `batchIntervalMs` (event-store.port.ts). Default none. */
  readonly batchIntervalMs?: number;
  apply(events: readonly RecordedEvent[], manager: EntityManager): Promise<void>;
}
