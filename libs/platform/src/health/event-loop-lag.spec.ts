import { EventLoopLag } from './event-loop-lag';

const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('EventLoopLag', () => {
  it('reads near nothing while the loop is free, and the delay of blocking work once it runs late', async () => {
    const lag = new EventLoopLag();
    try {
      await new Promise((r) => setTimeout(r, 1_100));
      const free = lag.ms;
      // Work that holds the loop 80 ms in every 100 ms: the sampling timer waits up to that long.
      const busy = setInterval(() => busyFor(80), 100);
      await new Promise((r) => setTimeout(r, 1_100));
      clearInterval(busy);
      expect(lag.ms).toBeGreaterThan(40);
      expect(lag.ms).toBeGreaterThan(free);
    } finally {
      lag.onApplicationShutdown();
    }
  });
});
