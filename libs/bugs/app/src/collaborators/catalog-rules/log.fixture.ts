import type { EventStore, GlobalPosition, ReadAllOptions, RecordedEvent } from '@tracker/platform/event-store';

/** A log in memory with just what the rules cache reads of it, and a head that can be held back. */
export class LogFixture implements Pick<EventStore, 'lastPosition' | 'readAll'> {
  readonly events: RecordedEvent[] = [];
  readonly reads: Array<GlobalPosition | undefined> = [];
  /** while set, a read of the log answers what it found only once this resolves */
  heldRead: Promise<void> | undefined;

  append(streamName: string): GlobalPosition {
    const position = BigInt(this.events.length + 1);
    this.events.push({
      id: `e${position}`,
      streamName,
      revision: 0,
      position,
      type: 'Changed',
      schemaVersion: 1,
      data: {},
      metadata: {} as never,
    });
    return position;
  }

  /** called just before the head is read, after a read begun beside it: an append that commits between the two */
  beforeHead: (() => void) | undefined;

  async lastPosition(): Promise<GlobalPosition> {
    await Promise.resolve();
    this.beforeHead?.();
    return BigInt(this.events.length);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.reads.push(options.after);
    const after = options.after ?? 0n;
    const prefixes = options.streamPrefixes ?? [''];
    const matching = this.events.filter((e) => e.position > after && prefixes.some((prefix) => e.streamName.startsWith(prefix)));
    await this.heldRead;
    return matching.slice(0, options.maxCount ?? 1000);
  }
}
