import { HandlersInFlight } from './handlers-in-flight';

describe('HandlersInFlight', () => {
  it('settles once the last running handler ends', async () => {
    const handlers = new HandlersInFlight();
    expect(await handlers.idle(1_000)).toBe(true);
    handlers.started();
    handlers.started();
    let settled: boolean | undefined;
    const idle = handlers.idle(60_000).then((all) => (settled = all));
    handlers.ended();
    await Promise.resolve();
    expect(settled).toBeUndefined();
    handlers.ended();
    await idle;
    expect(settled).toBe(true);
    expect(handlers.count).toBe(0);
  });

  it('gives up after its bound when a handler does not end', async () => {
    jest.useFakeTimers();
    try {
      const handlers = new HandlersInFlight();
      handlers.started();
      const idle = handlers.idle(5_000);
      jest.advanceTimersByTime(5_000);
      expect(await idle).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});
