import type { GlobalPosition } from '@tracker/platform/event-store';

/**
 * A projection's checkpoint was found below where its runner last found or left it. Replicas
 * only ever move a checkpoint on, so the database lost commits the runner had seen succeed:
 * a database that crashed while the projection commits asynchronously
 * (`Projection.asynchronousCommit`) comes back without its newest commits, rows and
 * checkpoint together. The runner then takes the events again from the checkpoint found.
 */
export class CheckpointWentBackError extends Error {
  constructor(
    readonly projection: string,
    readonly found: GlobalPosition | undefined,
    readonly floor: GlobalPosition,
  ) {
    super(
      `the checkpoint of ${projection} is ${found === undefined ? 'behind' : `at ${found}, behind`} ${floor}, where this process last left it`,
    );
    this.name = 'CheckpointWentBackError';
  }
}
