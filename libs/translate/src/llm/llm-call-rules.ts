import OpenAI from 'openai';
import { LlmRateLimitedError } from './deadline';

/** When a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 5_000;

/**
 * The tokens held for a call before it is made: its prompt at three characters a token (more than most
 * text takes, so the usage reported stays under it) and the whole answer it may write.
 */
export function holdFor(promptChars: number, maxTokens: number): number {
  return Math.ceil(promptChars / 3) + maxTokens + 8;
}

/** A provider's 429, with the wait it asks for (`retry-after-ms`, or `retry-after` in seconds or as a date). */
export function rateLimitOf(error: unknown): LlmRateLimitedError | null {
  if (error instanceof LlmRateLimitedError) return error;
  if (!(error instanceof OpenAI.APIError) || error.status !== 429) return null;
  const header = (name: string) => error.headers?.get(name) ?? null;
  const ms = Number(header('retry-after-ms'));
  if (ms > 0) return new LlmRateLimitedError(ms);
  const after = header('retry-after');
  const seconds = Number(after);
  if (after && seconds > 0) return new LlmRateLimitedError(seconds * 1000);
  const date = after ? Date.parse(after) - Date.now() : NaN;
  return new LlmRateLimitedError(date > 0 ? date : DEFAULT_RETRY_AFTER_MS);
}

/** Failures that may pass: a dropped or timed-out connection, a 5xx, a 408 or 409. Not an abort, nor a refusal. */
export function passing(error: unknown): boolean {
  if (error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError)
    return error.status === undefined || error.status >= 500 || error.status === 408 || error.status === 409;
  return false;
}
