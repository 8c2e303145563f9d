import { Readable } from 'node:stream';
import type { FieldSelection } from '@tracker/contracts';
import type { BlobReadStream, BlobStore } from '@tracker/platform/blob-store';
import type { Route } from '../routing/route';
import type { BlobRef } from './blob-etag';

/**
 * The read of a response's only blob, opened as soon as the service has named it, so that
 * the store answers while the composers and the rendering run (docs/attachments.md §6.5).
 * The size the read reports is the check before the first byte, in place of a `stat`, and
 * its stream becomes the body. Only for a single blob: a response with several would hold
 * reads open, idle, while the ones before them are sent.
 */
export class OpenedBlob {
  private constructor(
    readonly key: string,
    private readonly read: Promise<BlobReadStream | null>,
  ) {}

  /** opens the read when `refs` name exactly one blob (however many times); else undefined */
  static open(store: BlobStore, refs: Readonly<Record<string, BlobRef>>): OpenedBlob | undefined {
    const keys = new Set(Object.values(refs).map((ref) => ref.key));
    const [key] = keys;
    if (keys.size !== 1 || key === undefined) return undefined;
    const read = store.getStream(key);
    // observed here: a store failure is met when the read is awaited, or never if the call fails first
    read.catch(() => undefined);
    return new OpenedBlob(key, read);
  }

  /** the read (null: the blob is absent); rejects when the store failed */
  get(): Promise<BlobReadStream | null> {
    return this.read;
  }

  /**
   * The response built with this read: a streamed body has taken it (and releases it when
   * the body closes); any other answer (304, an error, a body without blobs) releases it now.
   */
  async settle<T extends { readonly payload: unknown }>(responding: Promise<T>): Promise<T> {
    try {
      const response = await responding;
      if (!(response.payload instanceof Readable)) this.release();
      return response;
    } catch (error) {
      this.release();
      throw error;
    }
  }

  /** ends the read, whether or not its bytes were sent (after its end this changes nothing) */
  release(): void {
    this.read.then(
      (read) => read?.stream.destroy(),
      () => undefined,
    );
  }
}

/** The blobs a response carries (on routes with `blobs`): where they go, and the only one's read when it was opened early. */
export interface ResponseBlobs {
  readonly route: Route;
  readonly refs: Readonly<Record<string, BlobRef>>;
  readonly fields: FieldSelection;
  readonly opened: OpenedBlob | undefined;
}

/** the response to an outcome: settled with its opened read, if it has one (`OpenedBlob.settle`) */
export function settled<T extends { readonly payload: unknown }>(
  outcome: { readonly result: unknown; readonly blobs?: ResponseBlobs },
  responding: Promise<T>,
): Promise<T> {
  return outcome.blobs?.opened?.settle(responding) ?? responding;
}

/** `work`'s answer; when it fails, the opened read is no longer wanted */
export async function releasedOnFailure<T>(opened: OpenedBlob | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    opened?.release();
    throw error;
  }
}
