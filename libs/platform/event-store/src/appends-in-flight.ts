/**
 * This process's appends under way. PostgreSQL sends an append's NOTIFY at its commit, and
 * it often reaches the listener before the append's own reply reaches the appender: taken
 * at once, it woke every subscription of the process to read the log for events the reply
 * was about to hand them (ten reads beside every create of the standalone process, competing
 * with the statements its reply waits for). A notification is therefore held until the
 * appends under way when it arrived have answered: one of ours is known by then, and
 * another process's is taken at most one append later.
 */
export class AppendsInFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** `append`, counted as under way until it settles. */
  track<T>(append: Promise<T>): Promise<T> {
    this.running.add(append);
    const done = (): void => void this.running.delete(append);
    append.then(done, done);
    return append;
  }

  /** Runs `then` once every append under way now has settled: at once when none is. */
  afterThoseUnderWay(then: () => void): void {
    if (this.running.size === 0) return then();
    void Promise.allSettled([...this.running]).then(then);
  }
}
