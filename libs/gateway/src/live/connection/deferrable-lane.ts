/** Tasks run per turn of the event loop. */
export const DEFERRABLE_SLICE = 20;

/**
 * Work that may wait a few milliseconds so that live frames do not wait for it: a storm of summary requests
 * (every viewer of a room pressing the button at once) and the answers to them. Tasks run in the order given,
 * a slice per turn of the event loop; between slices the loop reads what arrived meanwhile (a translation to
 * write to every viewer, a host's transcript), so captions go first and the storm is served just behind them.
 * A task that throws or rejects is the caller's: the returned promise carries it.
 */
export class DeferrableLane {
  private queue: (() => void)[] = [];
  private next = 0;
  private scheduled = false;

  constructor(private readonly slice = DEFERRABLE_SLICE) {}

  run<T>(task: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        try {
          Promise.resolve(task()).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.turn);
      }
    });
  }

  /** Tasks waiting for their turn. */
  get waiting(): number {
    return this.queue.length - this.next;
  }

  private readonly turn = () => {
    const end = Math.min(this.queue.length, this.next + this.slice);
    while (this.next < end) this.queue[this.next++]();
    if (this.next < this.queue.length) return void setImmediate(this.turn);
    this.queue = [];
    this.next = 0;
    this.scheduled = false;
  };
}
