import type { RecordedEvent } from './event-store.port';
import { KnownAppends } from './known-appends';

const bugs = (streamName: string): boolean => streamName.startsWith('bug-');

/** The events of one append to `streamName`, at positions first..last. */
function appendOf(streamName: string, first: number, last = first): RecordedEvent[] {
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    id: `e${first + i}`,
    streamName,
    revision: i,
    position: BigInt(first + i),
    type: 'Noted',
    schemaVersion: 1,
    data: {},
    metadata: {} as never,
  }));
}

const ids = (tail: { events: readonly RecordedEvent[] } | undefined) => tail?.events.map((event) => event.id);

describe('KnownAppends: what a subscription may take without reading the log', () => {
  it("takes its streams' events of own appends, and passes over the others, up to the newest announced position", () => {
    const known = new KnownAppends();
    known.appended(appendOf('user-1', 11));
    known.appended(appendOf('bug-2', 12, 13));
    known.appended(appendOf('product-2', 14, 16));
    expect(known.tailAfter(10n, bugs)).toMatchObject({ upTo: 16n });
    expect(ids(known.tailAfter(10n, bugs))).toEqual(['e12', 'e13']);
    expect(known.tailAfter(13n, bugs)).toEqual({ events: [], upTo: 16n });
    expect(known.tailAfter(16n, bugs)).toEqual({ events: [], upTo: 16n });
  });

  it("must read when a position is nobody's own: another process's announced append, a gap, or inside an append", () => {
    const known = new KnownAppends();
    known.appended(appendOf('user-1', 11));
    known.announce(12n);
    expect(known.tailAfter(10n, bugs)).toBeUndefined();
    const gap = new KnownAppends();
    gap.appended(appendOf('user-1', 11));
    gap.appended(appendOf('bug-2', 13, 14));
    expect(gap.tailAfter(10n, bugs)).toBeUndefined();
    expect(ids(gap.tailAfter(12n, bugs))).toEqual(['e13', 'e14']);
    expect(gap.tailAfter(13n, bugs)).toBeUndefined();
  });

  it('finds appends answered out of order by their first position', () => {
    const known = new KnownAppends();
    known.appended(appendOf('bug-2', 12, 13));
    known.appended(appendOf('bug-1', 11));
    expect(ids(known.tailAfter(10n, bugs))).toEqual(['e11', 'e12', 'e13']);
  });

  it('counts missed announcements', () => {
    const known = new KnownAppends();
    known.missedSome();
    expect(known.blindWakes).toBe(1);
  });
});
