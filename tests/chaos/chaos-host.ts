import type { ServerFrame, TranscriptFrame } from '@lt/contracts';
import { LiveClient } from '../../apps/web/src/modules/live/live-client';
import { Outbox, type OutboxStore } from '../../apps/web/src/modules/live/outbox';
import type { SocketLike } from '../../apps/web/src/modules/live/socket.types';
import { openSocket, type WireFrame } from './viewer';

export const sentenceId = (n: number) => `sentence-${String(n).padStart(5, '0')}`;
export const sentenceText = (n: number) => `Frase número ${n} del orador.`;
export const sentenceNumber = (text: string): number | null => {
  const match = /número (\d+) del orador/.exec(text);
  return match ? Number(match[1]) : null;
};

/**
 * The host as the browser runs it: the web app's LiveClient and Outbox (kept in memory here) over `ws`
 * sockets, with every frame it receives recorded on the wire.
 */
export class Host {
  readonly frames: WireFrame[] = [];
  readonly spoken: Array<{ n: number; id: string; at: number }> = [];
  readonly firstAck = new Map<string, number>();
  readonly ackSeqs = new Map<string, number[]>();
  /** When the outbox went from holding sentences to empty. */
  readonly emptiedAt: number[] = [];
  readonly outbox: Outbox;
  readonly client: LiveClient;
  sockets = 0;

  constructor(roomId: string, hostKey: string, gateway: () => string) {
    const data = new Map<string, string>();
    const store: OutboxStore = {
      read: (key) => data.get(key) ?? null,
      write: (key, value) => void data.set(key, value),
      // The outbox removes its key exactly when its last sentence leaves it.
      remove: (key) => {
        data.delete(key);
        this.emptiedAt.push(Date.now());
      },
    };
    this.outbox = new Outbox(roomId, store);
    this.client = new LiveClient({
      url: 'ws://set-per-socket',
      createSocket: () => {
        const ws = openSocket(gateway());
        const socket = ++this.sockets;
        ws.on('message', (raw, isBinary) => {
          if (isBinary) return;
          let frame: ServerFrame;
          try {
            frame = JSON.parse(String(raw)) as ServerFrame;
          } catch {
            return;
          }
          const at = Date.now();
          this.frames.push({ at, socket, frame });
          if (frame.type === 'ack') {
            if (!this.firstAck.has(frame.messageId)) this.firstAck.set(frame.messageId, at);
            this.ackSeqs.set(frame.messageId, [...(this.ackSeqs.get(frame.messageId) ?? []), frame.seq]);
          }
        });
        return ws as unknown as SocketLike;
      },
      buildJoin: () => ({ type: 'join', roomId, role: 'host', hostKey }),
      outbox: this.outbox,
    });
  }

  speak(n: number): void {
    const frame: TranscriptFrame = {
      type: 'transcript',
      messageId: sentenceId(n),
      text: sentenceText(n),
      sourceLanguage: 'es',
      timestamp: new Date().toISOString(),
      confidence: 0.9,
      final: true,
    };
    this.spoken.push({ n, id: frame.messageId, at: Date.now() });
    this.client.sendTranscript(frame);
  }

  errorsBetween(from: number, to: number): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { at, frame } of this.frames) {
      if (frame.type !== 'error' || at < from || at >= to) continue;
      const key = frame.messageId ? frame.code : `${frame.code} (no messageId)`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }
}
