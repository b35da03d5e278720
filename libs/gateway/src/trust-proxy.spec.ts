import { gatewayEnvSchema } from './gateway.env';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it.each<[string | undefined, boolean | number | string]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.7', '10.0.0.0/8,192.168.1.7'],
    ['loopback,fd00::/8,172.16.0.0/255.240.0.0', 'loopback,fd00::/8,172.16.0.0/255.240.0.0'],
  ])('reads %p as %p, a value express takes', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(['proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', 'yes', '-1'])('refuses %p', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow();
    expect(gatewayEnvSchema.safeParse({ TRUST_PROXY: raw }).success).toBe(false);
  });

  it('trusts no proxy when unset', () => {
    expect(gatewayEnvSchema.parse({}).TRUST_PROXY).toBe(false);
  });
});
