/**
 * The gateway's view of its lease from identity, on its own monotonic clock. A renewal
 * sent at `sentAt` and granted for `leaseMs` holds until `sentAt + leaseMs`: identity
 * received it later and counts from then, so identity's view always outlasts this one.
 *
 * `since` is when the current unbroken lease began. An answer from identity may be
 * cached only if it was asked for after `since` and the lease still holds: identity
 * then knew this gateway throughout and told it of every change since the question.
 * A renewal answered after the lease had run out starts a new period (identity may have
 * skipped this gateway in between), and the cache kept before it must be dropped.
 */
export class CredentialLease {
  private validUntil = Number.NEGATIVE_INFINITY;
  private periodStart = Number.POSITIVE_INFINITY;

  /** Records a granted renewal; true when it starts a new period (drop what was cached before). */
  renewed(sentAt: number, answeredAt: number, leaseMs: number): boolean {
    const continuous = answeredAt < this.validUntil;
    this.validUntil = Math.max(continuous ? this.validUntil : Number.NEGATIVE_INFINITY, sentAt + leaseMs);
    if (continuous) return false;
    this.periodStart = answeredAt;
    return true;
  }

  /** This gateway may have missed a change (its NATS connection dropped): nothing cached counts until a new period. */
  lost(): void {
    this.validUntil = Number.NEGATIVE_INFINITY;
  }

  holds(now: number): boolean {
    return now < this.validUntil;
  }

  /** An answer asked for at `askedAt` may be kept at `now`. */
  covers(askedAt: number, now: number): boolean {
    return askedAt >= this.periodStart && this.holds(now);
  }
}
