/** Share of the token quota used, 0–100: the bar never overflows even past the quota. */
export function usagePercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / quota) * 100));
}
