import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { playDeepgram } from './fake-deepgram';
import { playOpenAiRealtime } from './fake-openai-realtime';
import { FRAME_MS, SpeechDetector, type HeardUtterance } from './speech-detector';
import type { FakeAsrFault, FakeAsrHost, FakeAsrSession, FakeUtterance } from './fake-asr.types';

export * from './fake-asr.types';
export { FRAME_MS } from './speech-detector';

export interface FakeAsrOptions {
  /** The key a client must send (`Token <key>` to Deepgram, `Bearer <key>` to OpenAI); any when absent. */
  apiKey?: string;
  /** The words of each utterance; by default `script[index % script.length]`. */
  words?: (utterance: FakeUtterance) => string;
  script?: string[];
  /** Without audio or a text frame this long, a Deepgram session closes with 1011 (Deepgram: ~10 s). */
  idleMs?: number;
  port?: number;
}

/**
 * A speech provider for tests, speaking Deepgram's live protocol on `/v1/listen` and OpenAI's realtime
 * transcription on `/v1/realtime`. It detects speech by the energy of the PCM it receives and answers each
 * utterance with configured words, interims every ~300 ms, the final ~300 ms after speech stops; it plays
 * provider failures on demand (`fail`). Tests in another process drive it over HTTP:
 * - `GET /_fake/sessions`: every session (protocol, query, config, received ms, finals, close);
 * - `GET /_fake/audio?session=N` (default: the last): the energy envelope of the audio received, RMS per 10 ms;
 * - `POST /_fake/script` `{"script": [...]}`: the words of the next utterances;
 * - `POST /_fake/fail` `{"kind": "error"|"close1011"|"expire", "when": "now"|"mid-speech"}`.
 */
export class FakeAsrServer implements FakeAsrHost {
  readonly sessions: FakeAsrSession[] = [];
  readonly utterances: FakeUtterance[] = [];
  private readonly faults: FakeAsrFault[] = [];
  private script: string[];
  readonly idleMs: number;

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    private readonly options: FakeAsrOptions,
  ) {
    this.script = options.script ?? ['Hello everyone and welcome.'];
    this.idleMs = options.idleMs ?? 10_000;
  }

  static async start(options: FakeAsrOptions = {}): Promise<FakeAsrServer> {
    const wss = new WebSocketServer({ noServer: true });
    const server = createServer();
    const fake = new FakeAsrServer(server, wss, options);
    server.on('request', (req, res) => fake.http(req, res));
    server.on('upgrade', (req, socket, head) => fake.upgrade(req, socket as never, head));
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** DEEPGRAM_URL for this fake. */
  get deepgramUrl(): string {
    return `${this.baseUrl.replace('http', 'ws')}/v1/listen`;
  }

  /** ASR_OPENAI_URL for this fake. */
  get openAiUrl(): string {
    return `${this.baseUrl.replace('http', 'ws')}/v1/realtime`;
  }

  setScript(script: string[]): void {
    this.script = script;
  }

  /** Plays a failure on the next session that reaches the moment `when`. */
  fail(fault: FakeAsrFault): void {
    const open = this.sessions.filter((x) => !x.closed);
    if (fault.when === 'now' && open.length) for (const s of open) s.play?.(fault);
    else this.faults.push(fault);
  }

  answer(utterance: HeardUtterance, session: FakeAsrSession): { text: string; index: number } {
    const u: FakeUtterance = { ...utterance, index: this.utterances.length, session: session.id };
    this.utterances.push(u);
    return { text: this.wordsOf(u), index: u.index };
  }

  preview(utterance: HeardUtterance): string {
    return this.wordsOf({ ...utterance, index: this.utterances.length, session: -1 });
  }

  takeFault(when: FakeAsrFault['when']): FakeAsrFault | null {
    const i = this.faults.findIndex((f) => f.when === when);
    return i < 0 ? null : (this.faults.splice(i, 1)[0] ?? null);
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private wordsOf(u: FakeUtterance): string {
    if (this.options.words) return this.options.words(u);
    return this.script[u.index % this.script.length];
  }

  private upgrade(req: IncomingMessage, socket: import('node:net').Socket, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const protocol = url.pathname === '/v1/listen' ? 'deepgram' : url.pathname === '/v1/realtime' ? 'openai' : null;
    const authorization = req.headers.authorization ?? '';
    const expected = protocol === 'deepgram' ? `Token ${this.options.apiKey}` : `Bearer ${this.options.apiKey}`;
    if (!protocol || (this.options.apiKey && authorization !== expected)) {
      socket.end(`HTTP/1.1 ${protocol ? '401 Unauthorized' : '404 Not Found'}\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const query: Record<string, string[]> = {};
      for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
      const sampleRate = protocol === 'deepgram' ? Number(url.searchParams.get('sample_rate') ?? 16000) : 24000;
      const session: FakeAsrSession = {
        id: this.sessions.length,
        protocol,
        query,
        authorization,
        sampleRate,
        detector: new SpeechDetector(sampleRate, { started: () => undefined, progress: () => undefined, stopped: () => undefined }),
        finals: [],
        finished: false,
      };
      this.sessions.push(session);
      if (protocol === 'deepgram') playDeepgram(ws, session, this);
      else playOpenAiRealtime(ws, session, this);
    });
  }

  private http(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/_fake/sessions') {
      return json(
        200,
        this.sessions.map(({ detector, play: _play, ...s }) => ({ ...s, receivedMs: detector.receivedMs })),
      );
    }
    if (req.method === 'GET' && url.pathname === '/_fake/audio') {
      const n = url.searchParams.has('session') ? Number(url.searchParams.get('session')) : this.sessions.length - 1;
      const session = this.sessions[n];
      if (!session) return json(404, { error: 'no such session' });
      return json(200, { session: n, frameMs: FRAME_MS, sampleRate: session.sampleRate, envelope: session.detector.envelope });
    }
    if (req.method === 'POST' && (url.pathname === '/_fake/script' || url.pathname === '/_fake/fail')) {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        try {
          const parsed = JSON.parse(body || '{}');
          if (url.pathname === '/_fake/script') this.setScript(parsed.script);
          else this.fail({ kind: parsed.kind, when: parsed.when ?? 'now' });
          json(200, { ok: true });
        } catch (error) {
          json(400, { error: (error as Error).message });
        }
      });
      return;
    }
    json(404, { error: 'not found' });
  }
}
