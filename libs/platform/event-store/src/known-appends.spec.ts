import { KnownAppends } from './known-appends';

const bugs = (streamName: string): boolean => streamName.startsWith('bug-');

describe('KnownAppends: what a subscription may pass over without reading the log', () => {
  it('passes over own appends of streams it does not follow, up to the newest announced position', () => {
    const known = new KnownAppends();
    known.appended('user-1', 1, 11n);
    known.appended('product-2', 3, 14n);
    expect(known.passOver(10n, bugs)).toBe(14n);
    expect(known.passOver(14n, bugs)).toBe(14n);
  });

  it('must read when an own append is of a followed stream', () => {
    const known = new KnownAppends();
    known.appended('user-1', 1, 11n);
    known.appended('bug-2', 2, 13n);
    expect(known.passOver(10n, bugs)).toBeUndefined();
    expect(known.passOver(13n, bugs)).toBe(13n);
  });

  it("must read when a position is nobody's own: another process's announced append, or a gap", () => {
    const known = new KnownAppends();
    known.appended('user-1', 1, 11n);
    known.announce(12n);
    expect(known.passOver(10n, bugs)).toBeUndefined();
    const gap = new KnownAppends();
    gap.appended('user-1', 1, 11n);
    gap.appended('user-2', 1, 13n);
    expect(gap.passOver(10n, bugs)).toBeUndefined();
    expect(gap.passOver(12n, bugs)).toBe(13n);
  });

  it('appends answered out of order are found by their first position', () => {
    const known = new KnownAppends();
    known.appended('user-2', 2, 13n);
    known.appended('user-1', 1, 11n);
    expect(known.passOver(10n, bugs)).toBe(13n);
  });

  it('counts missed announcements', () => {
    const known = new KnownAppends();
    known.missedSome();
    expect(known.blindWakes).toBe(1);
  });
});
