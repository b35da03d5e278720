import { usagePercent } from './usage';

describe('usagePercent', () => {
  it('is the share of the quota, capped at 100', () => {
    expect(usagePercent(2500, 10000)).toBe(25);
    expect(usagePercent(10000, 10000)).toBe(100);
    expect(usagePercent(25000, 10000)).toBe(100);
    expect(usagePercent(0, 10000)).toBe(0);
  });

  it('copes with an empty quota', () => {
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(5, 0)).toBe(100);
  });
});
