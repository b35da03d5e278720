import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { FeedCaller, FeedFrontHandler } from './feed-caller';
import { readSrtHandshake, SRT_CONCLUSION, SRT_INDUCTION } from './srt-handshake';

interface Session {
  caller: FeedCaller;
  backend: Socket;
  backendPort: number;
  state: 'pending' | 'checking' | 'admitted' | 'refused';
  lastSeen: number;
  startedAt: number;
}

export interface SrtFrontOptions {
  host: string;
  port: number;
  /** A caller silent this long (ms) is let go; one not admitted within it too. */
  idleMs: number;
}

const localPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createSocket('udp4');
    probe.once('error', reject);
    probe.bind(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * The public SRT port. ffmpeg's SRT listener takes one caller and does not read the stream id, so each caller
 * gets a decoder of its own on a local port, and this front relays the caller's UDP packets to it, holding the
 * conclusion handshake (which carries the stream id) until the key is checked. A refused caller's handshake
 * never completes.
 */
export class SrtFront {
  private readonly socket: Socket;
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly options: SrtFrontOptions,
    private readonly handler: FeedFrontHandler,
  ) {
    this.socket = createSocket('udp4');
    this.socket.on('message', (packet, from) => void this.onPacket(packet, from));
    this.socket.on('error', () => undefined);
    this.sweeper = setInterval(() => this.sweep(), Math.min(1000, options.idleMs));
    this.sweeper.unref();
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(this.options.port, this.options.host, () => resolve(this.socket.address().port));
    });
  }

  /** Lets a caller go at once (its key was rotated, or its decoder ended). */
  drop(peer: string): void {
    const session = this.sessions.get(peer);
    if (!session) return;
    this.sessions.delete(peer);
    session.backend.close();
    if (session.state !== 'refused') session.caller.dropped();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const peer of [...this.sessions.keys()]) this.drop(peer);
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  private async onPacket(packet: Buffer, from: RemoteInfo): Promise<void> {
    const peer = `${from.address}:${from.port}`;
    const handshake = readSrtHandshake(packet);
    let session = this.sessions.get(peer);
    if (!session) {
      // Only a new caller's first handshake starts a decoder; stray packets cost nothing.
      if (handshake?.type !== SRT_INDUCTION) return;
      session = await this.open(peer, from);
      if (!session) return;
    }
    session.lastSeen = Date.now();
    if (session.state === 'refused') return;
    if (session.state !== 'admitted' && handshake?.type === SRT_CONCLUSION) {
      if (session.state === 'checking') return; // the caller repeats it; the first is being checked
      session.state = 'checking';
      const admitted = await session.caller.admit(handshake.streamId);
      if (this.sessions.get(peer) !== session) return;
      if (!admitted) {
        // Its decoder goes now; the entry stays until the caller gives up, so its retries start nothing.
        session.state = 'refused';
        session.caller.dropped();
        return;
      }
      session.state = 'admitted';
    }
    session.backend.send(packet, session.backendPort, '127.0.0.1');
  }

  private async open(peer: string, from: RemoteInfo): Promise<Session | undefined> {
    // Hold the peer's place while the port is found, so its repeated inductions start nothing more.
    const placeholder = { state: 'refused' } as Session;
    this.sessions.set(peer, placeholder);
    const port = await localPort();
    const caller = this.sessions.get(peer) === placeholder ? this.handler.start(peer, port) : null;
    if (!caller) {
      this.sessions.delete(peer);
      return undefined;
    }
    const backend = createSocket('udp4');
    backend.on('message', (reply) => this.socket.send(reply, from.port, from.address));
    backend.on('error', () => undefined);
    backend.bind(0, '127.0.0.1');
    const now = Date.now();
    const session: Session = { caller, backend, backendPort: port, state: 'pending', lastSeen: now, startedAt: now };
    this.sessions.set(peer, session);
    return session;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [peer, s] of this.sessions) {
      if (!s.caller) continue;
      const quiet = now - s.lastSeen > this.options.idleMs;
      const neverAdmitted = s.state !== 'admitted' && now - s.startedAt > this.options.idleMs;
      if (quiet || neverAdmitted) this.drop(peer);
    }
  }
}
