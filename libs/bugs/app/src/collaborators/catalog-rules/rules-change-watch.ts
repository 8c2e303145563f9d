import { type EventStore, type GlobalPosition, START } from '@tracker/platform/event-store';

/** Events read per page while looking for changes (they are rare: usually none). */
const PAGE = 500;

/**
 * Where the newest event that may change the catalog's rules sits in the log, as far as
 * the log has been looked at. Each look reads the head, then the events of the given
 * streams after the previous look, so it costs two small reads whatever the log's size.
 * Before the first look nothing is known: the head then counts as a change.
 *
 * Looks are shared: a caller joins the look that starts next, never one already under
 * way (which may have read the head before the caller's own request arrived), so at
 * most two run at once however many requests wait.
 */
export class RulesChangeWatch {
  private scannedUpTo: GlobalPosition | undefined;
  private lastChange: GlobalPosition = START;
  private running: Promise<GlobalPosition> | undefined;
  private next: Promise<GlobalPosition> | undefined;

  constructor(
    private readonly store: Pick<EventStore, 'lastPosition' | 'readAll'>,
    private readonly streamPrefixes: readonly string[],
  ) {}

  /** The position of the newest change, from a look that began after this call. */
  latestChange(): Promise<GlobalPosition> {
    if (!this.running) {
      const look = this.look().finally(() => {
        if (this.running === look) this.running = undefined;
      });
      this.running = look;
      return look;
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.latestChange();
      });
    return this.next;
  }

  private async look(): Promise<GlobalPosition> {
    const head = await this.store.lastPosition();
    const from = this.scannedUpTo;
    if (from === undefined) {
      this.lastChange = maxOf(this.lastChange, head);
    } else {
      for (let after = from; ;) {
        const changes = await this.store.readAll({ after, maxCount: PAGE, streamPrefixes: this.streamPrefixes });
        const last = changes.at(-1);
        if (last) this.lastChange = maxOf(this.lastChange, last.position);
        if (!last || changes.length < PAGE) break;
        after = last.position;
      }
    }
    this.scannedUpTo = maxOf(this.scannedUpTo ?? START, head);
    return this.lastChange;
  }
}

function maxOf(a: GlobalPosition, b: GlobalPosition): GlobalPosition {
  return a > b ? a : b;
}
