import type { IdSequences } from '@tracker/platform/read-model';
import type { BugSequence } from '../bugs.sequences';
import { CreateIds } from './create-ids';

/** Sequences that count from 1 (bug ids) and 101 (comment ids), as the read model's would. */
function countingSequences(): { sequences: IdSequences<BugSequence>; draws: () => number } {
  let drawn = 0;
  const sequences = {
    nextOfEach: () => {
      drawn += 1;
      return Promise.resolve([drawn, 100 + drawn]);
    },
  } as unknown as IdSequences<BugSequence>;
  return { sequences, draws: () => drawn };
}

describe('CreateIds: bug numbers without gaps while the process runs', () => {
  it('draws the next pair of both sequences', async () => {
    const ids = new CreateIds(countingSequences().sequences);
    expect([await ids.draw(), await ids.draw()]).toEqual([
      [1, 101],
      [2, 102],
    ]);
  });

  it('hands a kept pair to the next create before drawing again', async () => {
    const { sequences, draws } = countingSequences();
    const ids = new CreateIds(sequences);
    const refused = await ids.draw();
    ids.keep(refused);
    expect([await ids.draw(), await ids.draw(), draws()]).toEqual([[1, 101], [2, 102], 2]);
  });

  it('draws beside a look and returns both', async () => {
    const ids = new CreateIds(countingSequences().sequences);
    expect(await ids.drawBeside(Promise.resolve('rules'))).toEqual(['rules', [1, 101]]);
  });

  it('keeps the pair drawn beside a look that fails, and throws the look’s failure', async () => {
    const { sequences, draws } = countingSequences();
    const ids = new CreateIds(sequences);
    const away = new Error('the database is away');
    await expect(ids.drawBeside(Promise.reject(away))).rejects.toBe(away);
    // the next create gets bug 1: the failed look spent no number
    expect([await ids.draw(), draws()]).toEqual([[1, 101], 1]);
  });

  it('keeps the pair of a create whose work before the append fails, and only then', async () => {
    const { sequences, draws } = countingSequences();
    const ids = new CreateIds(sequences);
    const first = await ids.draw();
    const refused = new Error('flags refused');
    await expect(ids.keptOnFailure(first, () => Promise.reject(refused))).rejects.toBe(refused);
    const again = await ids.draw();
    expect(await ids.keptOnFailure(again, () => Promise.resolve('appended'))).toBe('appended');
    expect([first, again, await ids.draw(), draws()]).toEqual([[1, 101], [1, 101], [2, 102], 2]);
  });

  it('throws the draw’s failure when the look answered, and keeps nothing', async () => {
    const failing = new Error('no sequence');
    const sequences = { nextOfEach: () => Promise.reject(failing) } as unknown as IdSequences<BugSequence>;
    const ids = new CreateIds(sequences);
    await expect(ids.drawBeside(Promise.resolve('rules'))).rejects.toBe(failing);
  });
});
