/** How long a batch gathers sockets before its request is sent: a join waits at most this much longer. */
export const JOIN_BATCH_MS = 10;

/**
 * One question for a crowd joining at once: the sockets that ask the same thing (the room they view, its
 * recent lines in their language) within JOIN_BATCH_MS share one request, sent at the end of that time. A request is only ever shared by sockets that asked before it was sent, so each gets an answer
 * at least as fresh as its own request would have been (what a viewer must not miss was delivered to it live,
 * or is in the answer); a socket asking once it is sent starts the next batch.
 */
export class JoinBatches<V> {
  private readonly gathering = new Map<string, Promise<V>>();

  constructor(private readonly windowMs = JOIN_BATCH_MS) {}

  get(key: string, ask: () => Promise<V>): Promise<V> {
    let batch = this.gathering.get(key);
    if (!batch) {
      batch = new Promise<void>((resolve) => setTimeout(resolve, this.windowMs)).then(() => {
        this.gathering.delete(key);
        return ask();
      });
      this.gathering.set(key, batch);
    }
    return batch;
  }

  /** Batches still gathering (for tests). */
  get size(): number {
    return this.gathering.size;
  }
}
