import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FeedCaller, FeedFrontHandler } from './feed-caller';
import { RtmpPublishReader } from './rtmp-publish-reader';

export interface RtmpFrontOptions {
  host: string;
  port: number;
  /** A publisher silent this long (ms) is let go; one not admitted within it too. */
  idleMs: number;
}

/** What a publisher may send before its key is checked (its handshake and first commands take a few KiB). */
const MAX_HELD_BYTES = 256 * 1024;
const CONNECT_RETRY_MS = 50;
const RTMP_VERSION = 3;

interface Connection {
  client: Socket;
  caller: FeedCaller;
  backend?: Socket;
  reader: RtmpPublishReader;
  state: 'pending' | 'checking' | 'admitted';
  /** Bytes received from the publisher and not yet passed to its decoder. */
  queue: Buffer;
  received: number;
  sent: number;
  /** Of the bytes received, how many may pass before admission (whole chunks before the `publish` command). */
  passable: number;
  admission: NodeJS.Timeout;
}

const localPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The first bytes a client sends, or null when it sends none within `ms` (the stream is left paused). */
const firstBytes = (client: Socket, ms: number): Promise<Buffer | null> =>
  new Promise((resolve) => {
    const done = (data: Buffer | null) => {
      clearTimeout(timer);
      client.pause();
      client.removeListener('close', closed);
      resolve(data);
    };
    const closed = () => done(null);
    const timer = setTimeout(closed, ms);
    client.once('close', closed);
    client.once('data', (data: Buffer) => done(data));
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP connection to the decoder's local port, tried until `deadline` (ffmpeg takes a moment to listen). */
async function connectLocal(port: number, deadline: number): Promise<Socket | null> {
  while (Date.now() < deadline) {
    const socket = await new Promise<Socket | null>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.removeAllListeners('error');
        resolve(s);
      });
      s.once('error', () => {
        s.destroy();
        resolve(null);
      });
    });
    if (socket) return socket;
    await sleep(CONNECT_RETRY_MS);
  }
  return null;
}

/**
 * The public RTMP port. ffmpeg's RTMP listener takes one publisher and does not check the stream name, so each
 * publisher gets a decoder of its own on a local port, and this front relays the TCP stream to it, reading the
 * publisher's side until its `publish` command (which carries the stream key) and holding that command until the
 * key is checked. A refused publisher is disconnected before any of its audio reaches the decoder (which may have
 * seen its earlier commands: OBS names the stream in `releaseStream` and `FCPublish` too, and ffmpeg only logs them).
 */
export class RtmpFront {
  private readonly server: Server;
  private readonly connections = new Map<string, Connection>();

  constructor(
    private readonly options: RtmpFrontOptions,
    private readonly handler: FeedFrontHandler,
  ) {
    this.server = createServer((client) => void this.accept(client));
    this.server.on('error', () => undefined);
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  }

  /** Lets a publisher go at once (its key was rotated, its decoder ended, or it was refused). */
  drop(peer: string): void {
    const c = this.connections.get(peer);
    if (!c) return;
    this.connections.delete(peer);
    clearTimeout(c.admission);
    c.client.destroy();
    c.backend?.destroy();
    c.caller.dropped();
  }

  async close(): Promise<void> {
    for (const peer of [...this.connections.keys()]) this.drop(peer);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async accept(client: Socket): Promise<void> {
    client.on('error', () => undefined);
    const peer = `${client.remoteAddress}:${client.remotePort}`;
    // No decoder for a connection that says nothing, or is not RTMP (C0, the version, is 3): a port scan costs none.
    const first = await firstBytes(client, this.options.idleMs);
    if (!first || first[0] !== RTMP_VERSION) return void client.destroy();
    const port = await localPort().catch(() => 0);
    const caller = port && !client.destroyed ? this.handler.start(peer, port) : null;
    if (!caller) return void client.destroy();
    const admission = setTimeout(() => {
      if (this.connections.get(peer)?.state !== 'admitted') this.drop(peer);
    }, this.options.idleMs);
    const c: Connection = {
      client,
      caller,
      reader: new RtmpPublishReader(),
      state: 'pending',
      queue: Buffer.alloc(0),
      received: 0,
      sent: 0,
      passable: 0,
      admission,
    };
    this.connections.set(peer, c);
    client.setNoDelay(true);
    client.setTimeout(this.options.idleMs, () => this.drop(peer));
    client.on('close', () => this.drop(peer));
    client.on('data', (data: Buffer) => this.onData(peer, c, data));
    this.onData(peer, c, first);
    client.resume();

    const backend = await connectLocal(port, Date.now() + this.options.idleMs);
    if (this.connections.get(peer) !== c) return void backend?.destroy();
    if (!backend) return this.drop(peer);
    c.backend = backend;
    backend.setNoDelay(true);
    backend.on('error', () => undefined);
    backend.on('close', () => this.drop(peer));
    // The decoder's answers (the handshake, the commands' results) go back as they are.
    backend.on('data', (data: Buffer) => {
      if (!client.write(data)) {
        backend.pause();
        client.once('drain', () => backend.resume());
      }
    });
    this.flush(c);
  }

  private onData(peer: string, c: Connection, data: Buffer): void {
    c.queue = c.queue.length ? Buffer.concat([c.queue, data]) : data;
    c.received += data.length;
    if (c.state !== 'admitted') {
      if (c.queue.length > MAX_HELD_BYTES) return this.drop(peer);
      const read = c.reader.read(data);
      if (read.invalid) return this.drop(peer);
      c.passable = read.passable;
      if (read.streamName !== undefined && c.state === 'pending') void this.check(peer, c, read.streamName);
    }
    this.flush(c);
  }

  private async check(peer: string, c: Connection, streamName: string): Promise<void> {
    c.state = 'checking';
    const admitted = await c.caller.admit(streamName);
    if (this.connections.get(peer) !== c) return;
    if (!admitted) return this.drop(peer);
    c.state = 'admitted';
    clearTimeout(c.admission);
    this.flush(c);
  }

  /** Passes on what may pass: whole chunks before the `publish` command, everything once admitted. */
  private flush(c: Connection): void {
    const limit = c.state === 'admitted' ? c.received : c.passable;
    if (!c.backend || limit <= c.sent) return;
    const bytes = limit - c.sent;
    const out = c.queue.subarray(0, bytes);
    c.queue = c.queue.subarray(bytes);
    c.sent += bytes;
    if (!c.backend.write(out)) {
      c.client.pause();
      c.backend.once('drain', () => c.client.resume());
    }
  }
}
