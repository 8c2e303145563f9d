import { type EventStore, type GlobalPosition, START } from '@tracker/platform/event-store';

/** Events read per page while looking for changes (they are rare: usually none). */
const PAGE = 500;

/**
 * Where the newest event that may change the catalog's rules sits in the log, as far as
 * the log has been looked at. Each look reads the head and, in the same statement (one
 * round trip on a create's path), the events of the given streams after the head read two
 * looks before: the previous look's read may have missed an event just below its own head
 * (committed after the read, at a position taken before it), the one before surely not. A
 * look costs one small read whatever the log's size. Before the first look nothing is
 * known: the head then counts as a change.
 *
 * Looks are shared: a caller joins the look that starts next, never one already under
 * way (which may have read the head before the caller's own request arrived), so at
 * most two run at once however many requests wait.
 */
export class RulesChangeWatch {
  /** every change up to here has been seen */
  private scannedUpTo: GlobalPosition | undefined;
  /** the head the previous look read: it becomes the scanned position once a look that began after it has read the log */
  private previousHead: GlobalPosition | undefined;
  private lastChange: GlobalPosition = START;
  private running: Promise<GlobalPosition> | undefined;
  private next: Promise<GlobalPosition> | undefined;

  constructor(
    private readonly store: Pick<EventStore, 'lastPosition' | 'readAllWithHead'>,
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
    const from = this.scannedUpTo;
    const { head, changed } =
      from === undefined ? { head: await this.store.lastPosition(), changed: undefined } : await this.changeAfter(from);
    // first look: whatever came before counts as a change, so all of it is accounted for
    this.lastChange = maxOf(this.lastChange, changed ?? head);
    // otherwise only the previous look's head is surely behind what this look's read saw; this look's head is for the next
    this.scannedUpTo = from === undefined ? head : maxOf(from, this.previousHead ?? START);
    this.previousHead = head;
    return this.lastChange;
  }

  /** The newest event of the watched streams after `after` (START when there is none), and the head the first read saw. */
  private async changeAfter(after: GlobalPosition): Promise<{ head: GlobalPosition; changed: GlobalPosition }> {
    let newest = START;
    let head: GlobalPosition | undefined;
    for (let from = after; ;) {
      const read = await this.store.readAllWithHead({ after: from, maxCount: PAGE, streamPrefixes: this.streamPrefixes });
      head ??= read.head;
      const last = read.events.at(-1);
      if (last) newest = last.position;
      if (!last || read.events.length < PAGE) return { head, changed: newest };
      from = last.position;
    }
  }
}

function maxOf(a: GlobalPosition, b: GlobalPosition): GlobalPosition {
  return a > b ? a : b;
}
