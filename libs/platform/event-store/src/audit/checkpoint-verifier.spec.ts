import { createHash } from 'node:crypto';
import type { RecordedEvent } from '../event-store.port';
import { type Checkpoint, CheckpointVerifier, checkpointHash } from './checkpoint-verifier';
import { GENESIS_HASH } from './event-hash';

const metadata = { actor: 1, occurredAt: '2026-11-22T10:00:00.000Z', correlationId: 'c', causationId: 'c' };
const at = (position: number, hash?: string): RecordedEvent => ({
  id: `e${position}`,
  streamName: `s-${position}`,
  revision: 0,
  position: BigInt(position),
  type: 'T',
  schemaVersion: 1,
  data: {},
  metadata: hash === undefined ? metadata : { ...metadata, hash, previousHash: GENESIS_HASH },
});
const h = (n: number): string => String(n).repeat(64).slice(0, 64);

/** Checkpoints every 2 positions over events 1..4 (hashes h(1)..h(4)). */
function sealed(): Checkpoint[] {
  const first = checkpointHash(GENESIS_HASH, 2n, [h(1), h(2)]);
  return [
    { position: 2n, afterPosition: 0n, events: 2, previousHash: GENESIS_HASH, hash: first },
    { position: 4n, afterPosition: 2n, events: 2, previousHash: first, hash: checkpointHash(first, 4n, [h(3), h(4)]) },
  ];
}

function run(checkpoints: readonly Checkpoint[], events: readonly RecordedEvent[]) {
  const verifier = new CheckpointVerifier(checkpoints);
  for (const event of events) {
    const found = verifier.check(event);
    if (found) return { found, verified: verifier.verified };
  }
  return { found: verifier.finish(), verified: verifier.verified };
}

describe('CheckpointVerifier', () => {
  it('hashes the previous checkpoint, the position and the event hashes as a compact JSON array', () => {
    const text = `["${GENESIS_HASH}",2,["${h(1)}","${h(2)}"]]`;
    expect(checkpointHash(GENESIS_HASH, 2n, [h(1), h(2)])).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('matches every checkpoint of an intact log, events after the last one included', () => {
    expect(run(sealed(), [at(1, h(1)), at(2, h(2)), at(3, h(3)), at(4, h(4)), at(5, h(5))])).toEqual({ found: undefined, verified: 2 });
  });

  it('names the checkpoint whose range lost an event, also when the lost event was the newest of the log', () => {
    expect(run(sealed(), [at(1, h(1)), at(3, h(3)), at(4, h(4))]).found).toMatchObject({
      problem: 'checkpoint',
      position: 2n,
      expected: checkpointHash(GENESIS_HASH, 2n, [h(1)]),
      found: sealed()[0]!.hash,
    });
    expect(run(sealed(), [at(1, h(1)), at(2, h(2)), at(3, h(3))])).toMatchObject({ found: { position: 4n }, verified: 1 });
  });

  it('names a checkpoint that does not chain to the one before (a row replaced or removed)', () => {
    const [first, second] = sealed();
    const forged = { ...second!, previousHash: GENESIS_HASH };
    expect(run([first!, forged], [at(1, h(1)), at(2, h(2)), at(3, h(3)), at(4, h(4))]).found).toMatchObject({
      position: 4n,
      expected: `previous checkpoint ${first!.hash}`,
      found: GENESIS_HASH,
    });
  });

  it('leaves events without a hash (from before the chain) out of the ranges', () => {
    const first = checkpointHash(GENESIS_HASH, 2n, [h(2)]);
    const checkpoints = [{ position: 2n, afterPosition: 0n, events: 1, previousHash: GENESIS_HASH, hash: first }];
    expect(run(checkpoints, [at(1), at(2, h(2))])).toEqual({ found: undefined, verified: 1 });
  });
});
