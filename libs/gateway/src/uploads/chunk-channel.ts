/**
 * Hands chunks from a producer that is pushed (the request's parser) to a consumer that
 * pulls (`BlobStore.putStream`), with backpressure: `push` resolves once fewer than
 * `highWaterBytes` wait in the channel, so a slow store slows the reading of the request
 * instead of filling memory. `fail` makes the consumer's next pull throw (the store then
 * leaves nothing behind).
 */
export class ChunkChannel implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: Error | undefined;
  private wakeConsumer: (() => void) | undefined;
  private readonly waitingProducers: Array<() => void> = [];

  constructor(private readonly highWaterBytes = 256 * 1024) {}

  push(chunk: Buffer): Promise<void> {
    if (this.ended || this.failure) return Promise.resolve();
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    this.wake();
    if (this.queuedBytes < this.highWaterBytes) return Promise.resolve();
    return new Promise((resolve) => this.waitingProducers.push(resolve));
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  fail(error: Error): void {
    this.failure ??= error;
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.releaseProducers();
    this.wake();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        this.queuedBytes -= next.length;
        if (this.queuedBytes < this.highWaterBytes) this.releaseProducers();
        yield next;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
    }
  }

  private wake(): void {
    const wake = this.wakeConsumer;
    this.wakeConsumer = undefined;
    wake?.();
  }

  private releaseProducers(): void {
    for (const release of this.waitingProducers.splice(0)) release();
  }
}
