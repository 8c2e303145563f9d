import type { EventStore, GlobalPosition, LogRead, ReadAllOptions, RecordedEvent } from '@tracker/platform/event-store';

/** A log in memory with just what the rules cache reads of it, and a head that can be held back. */
export class LogFixture implements Pick<EventStore, 'lastPosition' | 'readAllWithHead'> {
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

  /**
   * called after a read has taken the events it answers and before it takes the head: an
   * append there is one that commits after the read, at a position below the head it answers
   */
  beforeHead: (() => void) | undefined;

  async lastPosition(): Promise<GlobalPosition> {
    await Promise.resolve();
    return BigInt(this.events.length);
  }

  async readAllWithHead(options: ReadAllOptions = {}): Promise<LogRead> {
    this.reads.push(options.after);
    const after = options.after ?? 0n;
    const prefixes = options.streamPrefixes ?? [''];
    const matching = this.events.filter((e) => e.position > after && prefixes.some((prefix) => e.streamName.startsWith(prefix)));
    this.beforeHead?.();
    const head = BigInt(this.events.length);
    await this.heldRead;
    return { events: matching.slice(0, options.maxCount ?? 1000), head };
  }
}
