/** The language model did not answer in time; whatever it answers later is not used. */
export class DeadlineError extends Error {}

/** The provider refused for its rate limit; `retryAfterMs` is its `Retry-After` (or a guess when it gave none). */
export class LlmRateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`The language model is rate limited for ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/** The answer was not a translation (a reply, an echo of the context, far too long…): a failure like any other. */
export class BadAnswerError extends Error {}

/**
 * `work` if it settles before `deadlineAt` (epoch ms), else a DeadlineError. The work goes on: a late
 * language-model answer still has its tokens metered when the provider reports them, and is then dropped.
 */
export function beforeDeadline<T>(work: Promise<T>, deadlineAt: number, what: string): Promise<T> {
  const left = deadlineAt - Date.now();
  work.catch(() => undefined);
  if (left <= 0) return Promise.reject(new DeadlineError(`${what}: no time left`));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what} did not answer within ${left} ms`)), left);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Our own limits (the provider's budget shared by the replicas, or the room's rate) gave no slot in time. */
export class LimiterBusyError extends Error {}

/** The room's owner (or the anonymous room's budget) has not the tokens this call may spend: it is not made. */
export class BudgetRefusedError extends Error {}
