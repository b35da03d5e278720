import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '@lt/contracts';

/** A WebSocket client for tests: sends frames, keeps every frame received, waits for the ones wanted. */
export class LiveClient {
  readonly frames: ServerFrame[] = [];
  /** When each frame of `frames` arrived (ms since the epoch). */
  readonly arrivedAt: number[] = [];
  closeCode: number | null = null;
  private waiters: (() => void)[] = [];
  private listeners: ((frame: ServerFrame) => void)[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      this.frames.push(frame);
      this.arrivedAt.push(Date.now());
      this.listeners.forEach((l) => l(frame));
      this.waiters.forEach((w) => w());
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.waiters.forEach((w) => w());
    });
  }

  static connect(baseUrl: string, headers: Record<string, string> = {}): Promise<LiveClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new LiveClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Calls `listener` with every frame received from now on. */
  onFrame(listener: (frame: ServerFrame) => void): void {
    this.listeners.push(listener);
  }

  send(frame: ClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  of<T extends ServerFrame['type']>(type: T): Extract<ServerFrame, { type: T }>[] {
    return this.frames.filter((f): f is Extract<ServerFrame, { type: T }> => f.type === type);
  }

  /** Resolves once `predicate` holds over the frames received, or rejects after `timeoutMs`. */
  waitFor(predicate: (client: LiveClient) => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    if (predicate(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(this.frames).slice(0, 2000)}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate(this)) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve();
      };
      this.waiters.push(check);
    });
  }

  close(): void {
    this.ws.close();
  }
}
