import type { DataSource } from 'typeorm';
import { IdBlock } from './id-block';
import { IdSequence } from './id-sequence';

/**
 * A service's id sequences by name (`bug_ids`, `comment_ids`, ...), the names typed by the
 * service (`IdSequences<BugSequence>`), so that a typo is a type error. One per service:
 * it lives in the service's read-model schema. A sequence given a block size is drawn
 * that many ids at a time (IdBlock: fewer round trips, gaps and replica-interleaved ids);
 * the others one id per query, in order.
 */
export class IdSequences<Name extends string = string> {
  private readonly blocks = new Map<string, IdBlock>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly blockSizes: Readonly<Partial<Record<string, number>>> = {},
  ) {}

  next(name: Name): Promise<number> {
    const size = this.blockSizes[name] ?? 1;
    if (size <= 1) return new IdSequence(this.dataSource, name).next();
    let block = this.blocks.get(name);
    if (!block) this.blocks.set(name, (block = new IdBlock(this.dataSource, name, size)));
    return block.next();
  }
}
