export interface EventuallyOptions {
  /** What is awaited, in words: the timeout's error names it. */
  what?: string;
  timeoutMs?: number;
}

/**
 * Waits for a condition (checked at once, then every 50 ms): answers the check's first truthy value. The second
 * argument says what is awaited (its timeout error names it), or gives the timeout alone, or both.
 */
export async function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: EventuallyOptions | string | number = {},
): Promise<T> {
  const { what = 'condition', timeoutMs = 15_000 } =
    typeof options === 'string' ? { what: options } : typeof options === 'number' ? { timeoutMs: options } : options;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
