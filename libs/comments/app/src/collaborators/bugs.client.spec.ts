import { FakeBugs, request } from '../testing/fake-collaborators';

describe('BugsClient.visibleIds', () => {
  it('given many bug ids, then it asks in batches of 500 and keeps the visible ones only', async () => {
    const bugs = new FakeBugs();
    const ids = Array.from({ length: 1200 }, (_, i) => i + 1);
    expect([...(await bugs.visibleIds(ids, request({})))]).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
    expect(bugs.asked.map((batch) => [batch[0], batch.length])).toEqual([
      [1, 500],
      [501, 500],
      [1001, 200],
    ]);
  });

  it('given no bug ids, then it asks nothing', async () => {
    const bugs = new FakeBugs();
    expect((await bugs.visibleIds([], request({}))).size).toBe(0);
    expect(bugs.asked).toEqual([]);
  });
});
