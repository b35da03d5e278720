/** The bench's figures: percentiles, their printing, and work spread over a few at a time. */
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
export const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
export const pass = (ok: boolean) => (ok ? 'ok' : 'FAILED');

export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * How late the bench's own event loop runs its timers, sampled every `everyMs`: a caption is timed when this
 * process reads it, so a busy bench adds its lag to the delays it measures. `stop` answers the samples.
 */
export function sampleLoopLag(everyMs = 20): { stop(): { at: number; lagMs: number }[] } {
  const samples: { at: number; lagMs: number }[] = [];
  let due = Date.now() + everyMs;
  const timer = setInterval(() => {
    const now = Date.now();
    samples.push({ at: now, lagMs: Math.max(0, now - due) });
    due = now + everyMs;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The p95 of the lag samples taken within the windows, and of the others. */
export function lagP95(samples: { at: number; lagMs: number }[], windows: [number, number][]): [number, number] {
  const within = (at: number) => windows.some(([from, to]) => at >= from && at <= to);
  const p95 = (inside: boolean) =>
    percentile(
      samples.filter((s) => within(s.at) === inside).map((s) => s.lagMs),
      95,
    );
  return [p95(true), p95(false)];
}

/**
 * Caption delays (`delays[i]`, sent at `sentAt[i]`) in flight during a storm, and the others. Those in flight during
 * a glossary revision (60 translations at once, scheduled between the storms) are in neither set, but apart.
 */
export function splitByStorms(
  delays: number[],
  sentAt: number[],
  storms: [number, number][],
  revisions: [number, number][],
): { inStorm: number[]; calm: number[]; inRevision: number[] } {
  const overlaps = (windows: [number, number][], i: number) =>
    windows.some(([from, to]) => sentAt[i] <= to && sentAt[i] + delays[i] >= from);
  const split = { inStorm: [] as number[], calm: [] as number[], inRevision: [] as number[] };
  delays.forEach((delay, i) => {
    if (overlaps(revisions, i)) split.inRevision.push(delay);
    else (overlaps(storms, i) ? split.inStorm : split.calm).push(delay);
  });
  return split;
}
