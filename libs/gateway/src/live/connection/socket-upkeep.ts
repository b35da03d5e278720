/** How often the upkeep runs: each run pings its slice of the sockets and closes those past their join time. */
export const UPKEEP_TICK_MS = 250;

/**
 * Pings every socket once per interval, a slice each tick: never all of them in one tick, where thousands of
 * pings (and then their pongs) would land on the same turn of the event loop as a sentence's fan-out and hold
 * it back for every viewer behind them. A slice is the share of the sockets one tick's part of the interval
 * holds, so a round takes the interval whatever the number of sockets; sockets that come during a round are
 * pinged in it or in the next one.
 */
export class StaggeredPinger<T> {
  private round: Iterator<T> | null = null;

  constructor(
    private readonly sockets: Set<T>,
    private readonly ping: (socket: T) => void,
    private readonly intervalMs: number,
    private readonly tickMs = UPKEEP_TICK_MS,
  ) {}

  /** One tick's slice; answers how many sockets it pinged. */
  tick(): number {
    const slice = Math.ceil((this.sockets.size * this.tickMs) / this.intervalMs);
    let pinged = 0;
    while (pinged < slice) {
      // A Set's iterator skips what was deleted since and reaches what was added: a round may span many ticks.
      this.round ??= this.sockets.values();
      const next = this.round.next();
      if (next.done) {
        this.round = null;
        // One round a tick at most: a tick never pings a socket twice.
        if (pinged > 0 || this.sockets.size === 0) break;
        continue;
      }
      this.ping(next.value);
      pinged += 1;
    }
    return pinged;
  }
}

/**
 * Sockets that must send their join within a time: one list for all of them, looked at each tick, instead of
 * a timer (and its closure) per socket. Sockets are added in the order they open, so the ones due are first.
 */
export class JoinDeadlines<T> {
  /** Insertion order is opening order: deadlines only grow along the map. */
  private readonly due = new Map<T, number>();

  constructor(private readonly withinMs: number) {}

  add(socket: T, now: number): void {
    this.due.set(socket, now + this.withinMs);
  }

  /** The socket joined or closed: it is no longer watched. */
  delete(socket: T): void {
    this.due.delete(socket);
  }

  /** Removes and answers the sockets whose time has passed. */
  expired(now: number): T[] {
    const out: T[] = [];
    for (const [socket, at] of this.due) {
      if (at > now) break;
      this.due.delete(socket);
      out.push(socket);
    }
    return out;
  }

  get size(): number {
    return this.due.size;
  }
}
