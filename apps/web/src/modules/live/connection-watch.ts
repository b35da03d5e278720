/**
 * How a live connection notices it is gone and when it tries again. A socket can die without a close
 * (a phone changing networks, a laptop's Wi-Fi dropping): only the missing answer to a ping shows it. Whoever
 * reads captions should learn within about two seconds, and get them back as soon as the network is.
 */

/** Heartbeat resolution. */
export const HEARTBEAT_TICK_MS = 250;
/** A visible page pings when it heard nothing for this long, */
export const PING_AFTER_SILENCE_MS = 1_000;
/** and takes the socket for lost when that ping is not answered within this, */
export const PONG_TIMEOUT_MS = 1_000;
/**
 * or within this many of the link's slowest recent round trips when that is longer (congested venue Wi-Fi
 * answers in seconds, and is still a working link), */
export const PONG_TIMEOUT_ROUND_TRIPS = 2;
/** but never waits longer than this. */
export const MAX_PONG_TIMEOUT_MS = 15_000;
/** Round trips remembered to judge how slow the link is. */
const ROUND_TRIPS_KEPT = 5;
/** A hidden page (its timers slowed by the browser) only pings, this often, and never judges. */
export const HIDDEN_PING_INTERVAL_MS = 25_000;

/** The first retry comes within this (spread, so a restarted gateway is not hit by every viewer at once), */
export const FIRST_RETRY_MAX_MS = 500;
/** the next ones double from this, */
export const RETRY_BASE_MS = 1_000;
/** up to this while someone looks at the page, */
export const MAX_VISIBLE_RETRY_MS = 4_000;
/** and up to this while the page is hidden. */
export const MAX_HIDDEN_RETRY_MS = 30_000;

export type PageSignal = 'online' | 'offline' | 'visible';

/** What the page tells a connection: whether someone sees it, and when the network or the tab comes back. */
export interface PageSignals {
  visible(): boolean;
  /** Returns the function that stops listening. */
  subscribe(listener: (signal: PageSignal) => void): () => void;
}

export const browserSignals: PageSignals = {
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  subscribe(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const online = () => listener('online');
    const offline = () => listener('offline');
    const visibility = () => document.visibilityState === 'visible' && listener('visible');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visibility);
    };
  },
};

/** Milliseconds before retry number `attempt` (0 for the first after a loss). */
export function reconnectDelay(attempt: number, visible: boolean, random: () => number = Math.random): number {
  if (attempt === 0) return Math.round(random() * FIRST_RETRY_MAX_MS);
  const cap = visible ? MAX_VISIBLE_RETRY_MS : MAX_HIDDEN_RETRY_MS;
  const delay = Math.min(RETRY_BASE_MS * 2 ** (attempt - 1), cap);
  return Math.round(delay * (0.8 + 0.2 * random()));
}

/** Pings a quiet connection and reports it lost when a ping goes unanswered. */
export class Heartbeat {
  private lastHeard = 0;
  private lastPing = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private roundTrips: number[] = [];

  constructor(
    private readonly ping: () => void,
    private readonly lost: () => void,
    private readonly visible: () => boolean,
  ) {}

  /** `joinRoundTrip`: how long the join took to be answered, the new connection's first measure of the link. */
  start(joinRoundTrip?: number): void {
    this.stop();
    this.lastHeard = Date.now();
    this.lastPing = 0;
    this.roundTrips = [];
    if (joinRoundTrip !== undefined) this.answered(joinRoundTrip);
    this.timer = setInterval(() => this.tick(), HEARTBEAT_TICK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Any frame from the server shows the connection is alive. */
  heard(): void {
    this.lastHeard = Date.now();
  }

  /** A ping (or the join) was answered after this many milliseconds. */
  answered(roundTripMs: number): void {
    if (!Number.isFinite(roundTripMs) || roundTripMs < 0) return;
    this.roundTrips = [...this.roundTrips, roundTripMs].slice(-ROUND_TRIPS_KEPT);
  }

  /** How long an unanswered ping is waited for on this link. */
  get patience(): number {
    const slowest = Math.max(0, ...this.roundTrips);
    return Math.min(MAX_PONG_TIMEOUT_MS, Math.max(PONG_TIMEOUT_MS, PONG_TIMEOUT_ROUND_TRIPS * slowest));
  }

  /** Asks now whether the connection still answers (the page came back, the network returned). */
  probe(): void {
    if (!this.timer) return;
    // The page's timers may have slept: silence is counted from now, not from before.
    this.lastHeard = Math.max(this.lastHeard, Date.now() - PING_AFTER_SILENCE_MS);
    this.sendPing(Date.now());
  }

  private tick(): void {
    const now = Date.now();
    if (!this.visible()) {
      if (now - Math.max(this.lastPing, this.lastHeard) >= HIDDEN_PING_INTERVAL_MS) this.sendPing(now);
      return;
    }
    const awaitingPong = this.lastPing > this.lastHeard;
    if (awaitingPong && now - this.lastPing >= this.patience) {
      this.stop();
      this.lost();
    } else if (!awaitingPong && now - this.lastHeard >= PING_AFTER_SILENCE_MS) {
      this.sendPing(now);
    }
  }

  private sendPing(now: number): void {
    this.lastPing = now;
    this.ping();
  }
}
