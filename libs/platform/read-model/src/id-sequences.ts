import type { DataSource } from 'typeorm';
import { IdSequence } from './id-sequence';

/**
 * A service's id sequences by name (`bug_ids`, `comment_ids`, ...), the names typed by the
 * service (`IdSequences<BugSequence>`), so that a typo is a type error. One per service:
 * it lives in the service's read-model schema.
 */
export class IdSequences<Name extends string = string> {
  constructor(private readonly dataSource: DataSource) {}

  next(name: Name): Promise<number> {
    return new IdSequence(this.dataSource, name).next();
  }

  /** The next id of each sequence, in the order named, drawn in one round trip. */
  nextOfEach<const Names extends readonly Name[]>(...names: Names): Promise<{ [K in keyof Names]: number }> {
    return IdSequence.nextOfEach(this.dataSource, names) as Promise<{ [K in keyof Names]: number }>;
  }
}
