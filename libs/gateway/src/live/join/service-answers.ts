import { Logger } from '@nestjs/common';
import LRUCache from 'lru-cache';

/**
 * What a joining socket is told about a service (a provider configured, a room's quota spent) is asked over
 * the bus and kept a short while, so that a crowd joining at once asks once.
 *
 * When the service does not answer (away, timed out), the gateway does not guess: the answer is `undefined`,
 * the `joined` frame says nothing of it (no `translationUnavailable`, no `quotaExhausted`, no `ttsAvailable`),
 * so the client keeps its defaults (translations expected, quota not spent, the browser's own speech), and
 * nothing is kept: the next join asks again. Whatever changes later reaches the sockets as its own event.
 */
export class ServiceAnswers<V> {
  private readonly logger = new Logger('ServiceAnswers');
  private readonly answers: LRUCache<string, V>;
  /** Questions on their way: joins that come meanwhile wait for the same answer. */
  private readonly asking = new Map<string, Promise<V | undefined>>();

  constructor(
    private readonly question: string,
    options: { ttlMs: number; max: number },
  ) {
    this.answers = new LRUCache({ max: options.max, maxAge: options.ttlMs });
  }

  /** The answer kept for `key`, or the service's, or `undefined` when it did not answer. */
  async get(key: string, ask: () => Promise<V>): Promise<V | undefined> {
    const kept = this.answers.get(key);
    if (kept !== undefined) return kept;
    let pending = this.asking.get(key);
    if (!pending) {
      pending = ask().then(
        (answer) => {
          this.answers.set(key, answer);
          return answer;
        },
        (error: unknown) => {
          this.logger.warn(`${this.question} (${key}) was not answered: ${(error as Error).message}`);
          return undefined;
        },
      );
      this.asking.set(key, pending);
      void pending.finally(() => this.asking.delete(key));
    }
    return pending;
  }

  forget(key: string): void {
    this.answers.del(key);
  }

  /** Answers kept (for tests). */
  get size(): number {
    return this.answers.itemCount;
  }
}
