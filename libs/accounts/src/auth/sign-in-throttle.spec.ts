import { delayAfterFailures, SIGN_IN_THROTTLE, throttledNetwork } from './sign-in-throttle';

describe('sign-in delays of one (e-mail, address)', () => {
  it('lets the first failures through with no wait', () => {
    for (let n = 0; n < SIGN_IN_THROTTLE.freeFailures; n++) expect(delayAfterFailures(n)).toBe(0);
  });

  it('doubles the wait with each failure past five, up to 15 minutes', () => {
    expect([5, 6, 7, 8, 13, 14].map(delayAfterFailures)).toEqual([1, 2, 4, 8, 256, 512]);
    expect(delayAfterFailures(15)).toBe(900);
    expect(delayAfterFailures(10_000)).toBe(900);
  });
});

describe('the address failed sign-ins are counted by', () => {
  it('is an IPv4 address itself', () => {
    expect(throttledNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(throttledNetwork('unknown')).toBe('unknown');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(throttledNetwork('2001:db8:0:1::1')).toBe(network);
    expect(throttledNetwork('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(network);
    expect(throttledNetwork('2001:db8::1:0:0:0:7')).toBe(network);
    expect(throttledNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttledNetwork('::1')).toBe('0:0:0:0::/64');
    expect(throttledNetwork('2001:db8:0:2::1')).not.toBe(network);
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(throttledNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(throttledNetwork('::ffff:c633:6407')).toBe('198.51.100.7');
  });
});
