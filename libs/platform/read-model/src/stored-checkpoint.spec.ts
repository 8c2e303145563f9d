import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { StoredCheckpoint } from './stored-checkpoint';

describe('StoredCheckpoint', () => {
  const setUp = (fails = false): { checkpoint: StoredCheckpoint; statements: unknown[][] } => {
    const statements: unknown[][] = [];
    const dataSource = {
      query: (text: string, parameters: unknown[]) => {
        statements.push([text.split(' ')[0], ...parameters]);
        return fails ? Promise.reject(new Error('the database is closed')) : Promise.resolve([{ position: '0' }]);
      },
    } as unknown as DataSource;
    return { checkpoint: new StoredCheckpoint(dataSource, 'checkpoints', 'p', new Logger('test')), statements };
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stores the newest position of batches with nothing written once, a second later', async () => {
    const { checkpoint, statements } = setUp();
    checkpoint.storeLater(5n);
    checkpoint.storeLater(7n);
    expect(statements).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(statements).toEqual([['UPDATE', 'p', '7', '0']]);
    expect(checkpoint.floor).toBe(7n);
  });

  it('stores what waits when stopped, and arms nothing for a batch that finishes after the stop', async () => {
    const { checkpoint, statements } = setUp(true);
    checkpoint.storeLater(5n);
    await checkpoint.stop();
    checkpoint.storeLater(6n);
    await jest.advanceTimersByTimeAsync(10_000);
    // the failed store at the stop is not tried again, nor the late batch's
    expect(statements).toEqual([['UPDATE', 'p', '5', '0']]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
