import WebSocket from 'ws';
import { encodeAudioChunk, type AudioServerFrame } from '@lt/contracts';

/** A page's audio socket (`/ws/audio`) for tests: audio_start, then chunks with seq and capture time. */
export class AudioClient {
  readonly frames: AudioServerFrame[] = [];
  closed: { code: number; reason: string } | null = null;
  private seq = 0;
  private atMs = 0;

  private constructor(
    private readonly ws: WebSocket,
    readonly sampleRate: number,
  ) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.frames.push(JSON.parse(String(data)) as AudioServerFrame);
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
  }

  static async connect(baseUrl: string, headers: Record<string, string> = { origin: 'https://allowed.example' }): Promise<WebSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/audio`, { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return ws;
  }

  /** Opens the socket and starts the stream; resolves once the server is ready for audio. */
  static async start(baseUrl: string, start: Record<string, unknown> & { sampleRate: number }): Promise<AudioClient> {
    const client = new AudioClient(await AudioClient.connect(baseUrl), start.sampleRate);
    client.ws.send(JSON.stringify({ type: 'audio_start', ...start }));
    await client.waitFor((c) => c.of('audio_ready').length > 0 || c.of('error').length > 0 || c.closed !== null, 10_000, 'audio_ready');
    const ready = client.of('audio_ready')[0];
    if (ready) client.seq = ready.nextSeq;
    return client;
  }

  of<T extends AudioServerFrame['type']>(type: T): Extract<AudioServerFrame, { type: T }>[] {
    return this.frames.filter((f): f is Extract<AudioServerFrame, { type: T }> => f.type === type);
  }

  get lastAck(): number {
    return Math.max(-1, ...this.of('audio_ack').map((a) => a.seq));
  }

  /** Sends one chunk (its seq and time follow the previous one's). */
  sendChunk(pcm: Buffer): void {
    this.ws.send(encodeAudioChunk({ seq: this.seq, atMs: Math.round(this.atMs), pcm }));
    this.seq += 1;
    this.atMs += (pcm.length / 2 / this.sampleRate) * 1000;
  }

  sendRaw(data: Buffer | string): void {
    this.ws.send(data);
  }

  /** Sends the chunks at the pace they were captured (real time), or `speed` times faster. */
  async stream(chunks: Buffer[], speed = 1): Promise<void> {
    const started = Date.now();
    let due = 0;
    for (const chunk of chunks) {
      const wait = started + due / speed - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.sendChunk(chunk);
      due += (chunk.length / 2 / this.sampleRate) * 1000;
    }
  }

  stop(): void {
    this.ws.send(JSON.stringify({ type: 'audio_stop' }));
  }

  close(): void {
    this.ws.close();
  }

  async waitFor(predicate: (c: AudioClient) => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate(this)) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
