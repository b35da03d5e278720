import { IpRateLimiter } from './ip-rate-limiter';

describe('IpRateLimiter', () => {
  const limiter = () => new IpRateLimiter({ allowedOrigins: [], authRate: { burst: 3, perMinute: 60 } });

  it('lets a burst through, then refuses until the bucket refills', () => {
    const l = limiter();
    const t = 1_000_000;
    for (let i = 0; i < 3; i++) l.take('1.2.3.4', t);
    expect(() => l.take('1.2.3.4', t)).toThrow('Too many requests');
    expect(() => l.take('5.6.7.8', t)).not.toThrow();
    expect(() => l.take('1.2.3.4', t + 999)).toThrow();
    expect(() => l.take('1.2.3.4', t + 1000)).not.toThrow();
  });
});
