/** How a `chunkedSource` behaves; `onPull` sees every request for a chunk before it is answered. */
export interface ChunkedSourceOptions {
  readonly chunkBytes: number;
  /** called with the bytes yielded so far each time the consumer asks for more */
  readonly onPull?: (pulledBytes: number) => Promise<void> | void;
  /** throw `failWith` instead of yielding past this many bytes */
  readonly failAfterBytes?: number;
  readonly failWith?: Error;
}

/**
 * `data` as an async source of `chunkBytes`-sized chunks, the shape an upload arrives in.
 * Lazy like a network stream: a chunk exists only once the consumer asks for it.
 */
export async function* chunkedSource(data: Buffer, options: ChunkedSourceOptions): AsyncGenerator<Buffer> {
  let pulled = 0;
  while (pulled < data.length) {
    await options.onPull?.(pulled);
    if (options.failAfterBytes !== undefined && pulled >= options.failAfterBytes) {
      throw options.failWith ?? new Error(`source failed after ${pulled} bytes`);
    }
    const chunk = data.subarray(pulled, Math.min(data.length, pulled + options.chunkBytes));
    pulled += chunk.length;
    yield chunk;
  }
  await options.onPull?.(pulled);
}
