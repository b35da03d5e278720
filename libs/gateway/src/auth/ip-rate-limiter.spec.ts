import { gatewayEnvSchema } from '../gateway.env';
import { authRateWindow, IpRateLimiter } from './ip-rate-limiter';
import { networkOf } from './ip-rate-limiter.guard';

describe('IpRateLimiter (memory)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('lets a burst through per address, then refuses until the window has passed', async () => {
    const limiter = await IpRateLimiter.create(gatewayEnvSchema.parse({ AUTH_RATE_LIMIT_BURST: '3', AUTH_RATE_LIMIT_PER_MINUTE: '60' }));
    for (let i = 0; i < 3; i++) expect(await limiter.take('1.2.3.4')).toBeNull();
    expect(await limiter.take('1.2.3.4')).toBe(3000);
    expect(await limiter.take('5.6.7.8')).toBeNull();
    jest.advanceTimersByTime(2999);
    expect(await limiter.take('1.2.3.4')).toBe(1);
    jest.advanceTimersByTime(1);
    expect(await limiter.take('1.2.3.4')).toBeNull();
  });

  it('keeps the long-run rate at perMinute: a window lasts as long as the burst takes to earn', () => {
    expect(authRateWindow({ burst: 30, perMinute: 30 })).toEqual({ points: 30, duration: 60 });
    expect(authRateWindow({ burst: 10, perMinute: 120 })).toEqual({ points: 10, duration: 5 });
    expect(authRateWindow({ burst: 1, perMinute: 600 })).toEqual({ points: 1, duration: 1 });
  });
});

describe('the network a client address counts for', () => {
  it('keys an IPv6 address by its /64 and an IPv4 one (also IPv4-mapped) as it is', () => {
    expect(networkOf('2001:db8:7:9::1')).toBe('2001:db8:7:9::/64');
    expect(networkOf('2001:0db8:0007:0009:ffff:1:2:3')).toBe('2001:db8:7:9::/64');
    expect(networkOf('2001:db8::9')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:7:a::1')).not.toBe(networkOf('2001:db8:7:9::1'));
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('10.1.2.3')).toBe('10.1.2.3');
    expect(networkOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(networkOf('unknown')).toBe('unknown');
  });
});
