import type { IdSequences } from '@tracker/platform/read-model';
import type { BugSequence } from '../bugs.sequences';

/** A new bug's id and its description's comment id. */
export type BugIds = readonly [bugId: number, commentId: number];

/**
 * The ids of new bugs, without gaps while the process runs (Bugzilla numbers bugs without
 * gaps): a pair drawn for a create that is refused before its append is kept, and the next
 * create of the process takes it before drawing a new one.
 */
export class CreateIds {
  private readonly spare: BugIds[] = [];

  constructor(private readonly sequences: IdSequences<BugSequence>) {}

  /** A kept pair first, else the next of both sequences (one round trip). */
  draw(): Promise<BugIds> {
    const kept = this.spare.shift();
    return kept ? Promise.resolve(kept) : this.sequences.nextOfEach('bug_ids', 'comment_ids');
  }

  /** `ids` were drawn for a create that will not be appended: the next create takes them. */
  keep(ids: BugIds): void {
    this.spare.push(ids);
  }

  /** Runs what a create does with `ids` before its append: when it throws, they go to the next create. */
  async keptOnFailure<Done>(ids: BugIds, work: () => Promise<Done>): Promise<Done> {
    try {
      return await work();
    } catch (error) {
      this.keep(ids);
      throw error;
    }
  }

  /**
   * Draws beside `look` (a round trip saved on the create's path). When the look fails, a
   * pair drawn meanwhile is kept, and the look's failure is what the caller meets.
   */
  async drawBeside<Looked>(look: Promise<Looked>): Promise<readonly [Looked, BugIds]> {
    const [looked, ids] = await Promise.allSettled([look, this.draw()]);
    if (looked.status === 'rejected') {
      if (ids.status === 'fulfilled') this.keep(ids.value);
      throw looked.reason;
    }
    if (ids.status === 'rejected') throw ids.reason;
    return [looked.value, ids.value];
  }
}
