import { DeferrableLane } from './deferrable-lane';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('DeferrableLane', () => {
  it('runs tasks in the order given, a slice per turn of the event loop', async () => {
    const lane = new DeferrableLane(2);
    const ran: number[] = [];
    const done = [1, 2, 3, 4, 5].map((n) => lane.run(() => ran.push(n)));
    expect(ran).toEqual([]);
    expect(lane.waiting).toBe(5);
    await turn();
    expect(ran).toEqual([1, 2]);
    expect(lane.waiting).toBe(3);
    await Promise.all(done);
    expect(ran).toEqual([1, 2, 3, 4, 5]);
    expect(lane.waiting).toBe(0);
  });

  it('lets what arrives between two slices run before the next slice', async () => {
    const lane = new DeferrableLane(2);
    const order: string[] = [];
    const done = ['a', 'b', 'c', 'd'].map((t) => lane.run(() => order.push(t)));
    setImmediate(() => order.push('live'));
    await Promise.all(done);
    expect(order).toEqual(['a', 'b', 'live', 'c', 'd']);
  });

  it("gives each caller its task's result or failure, and a failure stops nothing else", async () => {
    const lane = new DeferrableLane();
    const results = await Promise.allSettled([
      lane.run(() => 42),
      lane.run(() => {
        throw new Error('sync failure');
      }),
      lane.run(async () => Promise.reject(new Error('async failure'))),
      lane.run(async () => 'after'),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 42 },
      { status: 'rejected', reason: new Error('sync failure') },
      { status: 'rejected', reason: new Error('async failure') },
      { status: 'fulfilled', value: 'after' },
    ]);
  });

  it('takes tasks given while it runs, and starts again after it emptied', async () => {
    const lane = new DeferrableLane(1);
    const ran: string[] = [];
    await lane.run(() => {
      ran.push('first');
      void lane.run(() => ran.push('given while running'));
    });
    await turn();
    expect(ran).toEqual(['first', 'given while running']);
    await lane.run(() => ran.push('later'));
    expect(ran).toEqual(['first', 'given while running', 'later']);
  });
});
