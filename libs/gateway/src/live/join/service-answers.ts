import { Logger } from '@nestjs/common';
import { ExpiringMap } from '@lt/platform';

/**
 * What a joining socket is told about a service (a provider configured, a room's quota spent) is asked over
 * the bus and kept a short while, so that a crowd joining at once asks once.
 *
 * When the service does not answer (away, timed out), the gateway does not guess: the answer is `undefined`,
 * the `joined` frame says nothing of it (no `translationUnavailable`, no `quotaExhausted`, no `ttsAvailable`),
 * so the client keeps its defaults (translations expected, quota not spent, the browser's own speech), and
 * nothing is kept: the next join asks again. Whatever changes later reaches the sockets as its own event.
 */
export class ServiceAnswers<V extends NonNullable<unknown>> {
  private readonly logger = new Logger('ServiceAnswers');
  /** Answers kept, and questions on their way: joins that come meanwhile wait for the same answer. */
  private readonly answers: ExpiringMap<string, V>;

  constructor(
    private readonly question: string,
    options: { ttlMs: number; max: number },
  ) {
    this.answers = new ExpiringMap(options);
  }

  /** The answer kept for `key`, or the service's, or `undefined` when it did not answer. */
  get(key: string, ask: () => Promise<V>): Promise<V | undefined> {
    return this.answers.fetch(key, () =>
      ask().catch((error: unknown) => {
        this.logger.warn(`${this.question} (${key}) was not answered: ${(error as Error).message}`);
        return undefined;
      }),
    );
  }

  forget(key: string): void {
    this.answers.delete(key);
  }

  /** Answers kept (for tests). */
  get size(): number {
    return this.answers.size;
  }
}
