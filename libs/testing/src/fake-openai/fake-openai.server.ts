import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  model: string;
  stream: boolean;
  temperature?: number;
  max_tokens?: number;
  system: string;
  user: string;
  /** The target language code the prompt asked for, when it names one. */
  target: string | null;
  /** What the prompt asks for, told by its system message. */
  task: 'translation' | 'summary' | 'enhancement';
  /** The usage this call reports (prompt plus completion tokens), set once it is answered. */
  tokens?: number;
  authorization: string | undefined;
}

/** What the fake answers for a translation request: recognisable, deterministic, per language. */
export function fakeTranslation(target: string | null, text: string): string {
  return `(${target ?? '??'}) ${text}`;
}

/** What the fake answers for a summary: the language and how many lines it was given. */
export function fakeSummary(lang: string | null, text: string): string {
  return `(${lang ?? '??'}) Summary of ${text.split('\n').filter(Boolean).length} lines`;
}

/** What the fake answers for an enhancement: the text with a capital and a full stop, marked. */
export function fakeEnhancement(text: string): string {
  const trimmed = text.trim();
  const sentence = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return `${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`} [enhanced]`;
}

function taskOf(system: string): RecordedCall['task'] {
  if (/summari[sz]e/i.test(system)) return 'summary';
  if (/correct live speech-recognition/i.test(system)) return 'enhancement';
  return 'translation';
}

/**
 * An OpenAI-compatible chat-completions server for tests: answers like the real API (JSON or SSE stream),
 * records every call, and can be told to fail. Control endpoints live under `/__`.
 */
export class FakeOpenAiServer {
  readonly calls: RecordedCall[] = [];
  /** Calls of the speech endpoint (`/v1/audio/speech`), apart from the chat completions. */
  readonly speechCalls: { model: string; voice: string; input: string; response_format?: string }[] = [];
  private failNext = 0;
  private delayMs = 0;
  /** Extra delay for the calls whose text contains a marker: makes translations finish out of order. */
  private readonly delays = new Map<string, number>();
  private server: Server | null = null;

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, host, resolve));
    return this.url;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}/v1`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  reset(): void {
    this.calls.length = 0;
    this.speechCalls.length = 0;
    this.failNext = 0;
    this.delayMs = 0;
    this.delays.clear();
  }

  /** The next `count` completion calls answer 500. */
  fail(count: number): void {
    this.failNext = count;
  }

  delay(ms: number): void {
    this.delayMs = ms;
  }

  /** Calls whose text contains `marker` take `ms` longer. */
  delayWhen(marker: string, ms: number): void {
    this.delays.set(marker, ms);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '';
    if (req.method === 'GET' && url === '/__calls') return json(res, 200, { count: this.calls.length, calls: this.calls });
    if (req.method === 'POST' && url === '/__reset') return (this.reset(), json(res, 200, {}));
    if (req.method === 'POST' && url.startsWith('/__fail')) {
      const body = JSON.parse((await readBody(req)) || '{}');
      this.fail(Number(body.count ?? 1));
      return json(res, 200, {});
    }
    if (req.method === 'POST' && url === '/v1/chat/completions') return this.completions(req, res);
    if (req.method === 'POST' && url === '/v1/audio/speech') return this.speech(req, res);
    json(res, 404, { error: { message: `No route ${req.method} ${url}`, type: 'invalid_request_error' } });
  }

  /** Like the real endpoint: the audio bytes themselves; here a recognisable fake MP3 of the input. */
  private async speech(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req));
    this.speechCalls.push({ model: body.model, voice: body.voice, input: body.input, response_format: body.response_format });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failNext > 0) {
      this.failNext -= 1;
      return json(res, 500, { error: { message: 'The fake was told to fail', type: 'server_error' } });
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    res.end(fakeMp3(String(body.input)));
  }

  private async completions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req));
    const messages: { role: string; content: string }[] = body.messages ?? [];
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    const user = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    const task = taskOf(system);
    const target = (task === 'summary' ? /\bin [^()]*\(([A-Za-z-]+)\)/ : /\bto [^()]*\(([A-Za-z-]+)\)/).exec(system)?.[1] ?? null;
    const call: RecordedCall = {
      model: body.model,
      stream: Boolean(body.stream),
      temperature: body.temperature,
      max_tokens: body.max_tokens,
      system,
      user,
      target,
      task,
      authorization: req.headers.authorization,
    };
    this.calls.push(call);
    const extra = [...this.delays].reduce((sum, [marker, ms]) => (user.includes(marker) ? sum + ms : sum), 0);
    if (this.delayMs + extra) await new Promise((r) => setTimeout(r, this.delayMs + extra));
    if (this.failNext > 0) {
      this.failNext -= 1;
      return json(res, 500, { error: { message: 'The fake was told to fail', type: 'server_error' } });
    }
    const content = task === 'summary' ? fakeSummary(target, user) : task === 'enhancement' ? fakeEnhancement(user) : fakeTranslation(target, user);
    const usage = fakeUsage(system + user, content);
    call.tokens = usage.total_tokens;
    const id = `chatcmpl-${this.calls.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const pieces = content.match(/\S+\s*/g) ?? [content];
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of pieces) res.write(chunk({ content: piece }, null));
    res.write(chunk({}, 'stop'));
    // As the real API: with include_usage, one last chunk without choices reports the usage.
    if (body.stream_options?.include_usage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }
}

/** Bytes that stand for the MP3 of a text: an ID3 header, then the text, so a test can tell what was read. */
export function fakeMp3(text: string): Buffer {
  return Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000'), Buffer.from(text, 'utf8')]);
}

/** Token counts the fake reports: about four characters a token, as with English text. */
export function fakeUsage(prompt: string, completion: string) {
  const prompt_tokens = Math.ceil(prompt.length / 4);
  const completion_tokens = Math.ceil(completion.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
