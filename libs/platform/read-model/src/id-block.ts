import type { DataSource } from 'typeorm';
import { schemaOf } from './schema';

/**
 * Ids of a sequence drawn `size` at a time with one query, handed out from memory in
 * ascending order: a create pays the round trip once per block instead of once per id.
 * The values come from the sequence, so every process (replica) gets ids no other one
 * gets; ids a process never hands out (it stopped, or another drew between its values)
 * are gaps, as Bugzilla has them. Only the process that drew a block knows it, so ids
 * from several replicas are not in creation order. A rebuilt read model keeps the higher
 * of the old and new sequence values (schema-swap.ts), so a block drawn before a rebuild
 * is never handed out again after it.
 */
export class IdBlock {
  private free: number[] = [];
  private drawing: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly name: string,
    private readonly size: number,
  ) {}

  async next(): Promise<number> {
    for (;;) {
      const id = this.free.shift();
      if (id !== undefined) return id;
      this.drawing ??= this.draw().finally(() => (this.drawing = undefined));
      await this.drawing;
    }
  }

  private async draw(): Promise<void> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT nextval('${schemaOf(this.dataSource)}.${this.name}') AS id FROM generate_series(1, $1)`,
      [this.size],
    );
    this.free.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
}
