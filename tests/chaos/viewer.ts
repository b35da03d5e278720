import WebSocket from 'ws';
import { REALTIME, type LanguageCode, type ServerFrame } from '@lt/contracts';
import { reconnectDelay } from '../../apps/web/src/modules/live/connection-watch';
import { TranslationFeed } from '../../apps/web/src/modules/viewer/translation-feed';

/** A frame as it came over the wire, with when and on which of the viewer's sockets (1, 2, …). */
export interface WireFrame {
  at: number;
  socket: number;
  frame: ServerFrame;
}

export function openSocket(baseUrl: string): WebSocket {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  // A socket that fails to connect (its gateway is down) reports an error, then closes: the close is what counts.
  ws.on('error', () => undefined);
  return ws;
}

/**
 * A viewer on a bare `ws` socket that records every frame on the wire. It joins, reconnects and fills gaps as
 * the web viewer does (useViewerRoom with LiveClient): `since` on a re-join is the web app's own
 * TranslationFeed.lastContiguous, a gap it sees is asked for with `resync`, a join unanswered within
 * REALTIME.connectTimeoutMs is given up, and reconnects wait as the web client does (half a second, then 1, 2 and 4 s).
 */
export class WireViewer {
  readonly frames: WireFrame[] = [];
  /** Join frames sent, in order: shows the `since` of every re-join. */
  readonly joins: Array<{ at: number; since?: number; gateway: string }> = [];
  reconnects = 0;
  private readonly feed: TranslationFeed;
  private ws: WebSocket | null = null;
  private sockets = 0;
  private failedAttempts = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly name: string,
    private readonly roomId: string,
    readonly lang: LanguageCode,
    private readonly gateway: () => string,
  ) {
    this.feed = new TranslationFeed(lang);
  }

  connect(): void {
    if (this.stopped) return;
    const url = this.gateway();
    const ws = openSocket(url);
    const socket = ++this.sockets;
    this.ws = ws;
    let joined = false;
    const joinTimer = setTimeout(() => {
      if (!joined) ws.terminate();
    }, REALTIME.connectTimeoutMs);
    ws.on('open', () => {
      const since = this.feed.lastContiguous;
      this.joins.push({ at: Date.now(), since, gateway: url });
      ws.send(
        JSON.stringify({ type: 'join', roomId: this.roomId, role: 'viewer', lang: this.lang, ...(since !== undefined ? { since } : {}) }),
      );
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(data)) as ServerFrame;
      } catch {
        return;
      }
      this.frames.push({ at: Date.now(), socket, frame });
      if (frame.type === 'joined') {
        joined = true;
        clearTimeout(joinTimer);
        this.failedAttempts = 0;
      } else if (frame.type === 'translation') {
        const update = this.feed.accept(frame);
        if (update.resyncSince !== undefined && ws.readyState === WebSocket.OPEN)
          ws.send(JSON.stringify({ type: 'resync', since: update.resyncSince }));
      }
    });
    ws.on('close', () => {
      clearTimeout(joinTimer);
      if (this.stopped || this.ws !== ws) return;
      this.reconnects += 1;
      // The web client's back-off, for a viewer that keeps looking at the page.
      const delay = reconnectDelay(this.failedAttempts, true);
      this.failedAttempts += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  /** Seqs of the translation frames in the order they came over the wire. */
  translationSeqs(): number[] {
    return this.frames.flatMap(({ frame }) => (frame.type === 'translation' ? [frame.seq] : []));
  }

  /** When the first translation of `seq` came (undefined: it did not). */
  receivedAt(seq: number): number | undefined {
    return this.frames.find(({ frame }) => frame.type === 'translation' && frame.seq === seq)?.at;
  }

  /** Whether every seq from 1 to `upTo` has come. */
  hasAll(upTo: number): boolean {
    const seen = new Set(this.translationSeqs());
    for (let seq = 1; seq <= upTo; seq++) if (!seen.has(seq)) return false;
    return true;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.terminate();
  }
}
