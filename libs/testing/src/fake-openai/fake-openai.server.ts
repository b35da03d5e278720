import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { between, fakeEnhancement, fakeMp3, fakeSummary, fakeTranslation, fakeUsage, RecordedCall, taskOf } from './fake-answers';

export * from './fake-answers';

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
  /** Answers given instead of the usual one for the sentences that contain a marker (a bad answer, a reply…). */
  private readonly answers = new Map<string, string>();
  private hangMarkers = new Set<string>();
  private hangEveryN = 0;
  private rateLimited = { count: 0, retryAfterSeconds: 0 };
  private pacing: Pace | null = null;
  /** Usage (total tokens) of each streamed answer sent whole, its usage chunk and end handed to the connection. */
  readonly delivered: number[] = [];
  private usageHeld: (() => void)[] | null = null;
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
    // Calls told to hang hold their connection open: end them, or close would wait for them.
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  reset(): void {
    this.calls.length = 0;
    this.speechCalls.length = 0;
    this.failNext = 0;
    this.delayMs = 0;
    this.delays.clear();
    this.answers.clear();
    this.hangMarkers.clear();
    this.hangEveryN = 0;
    this.rateLimited = { count: 0, retryAfterSeconds: 0 };
    this.pacing = null;
    this.delivered.length = 0;
  }

  /** Streamed answers stop before their usage chunk until `releaseUsage`: meanwhile no client reads a usage. */
  holdUsage(): void {
    this.usageHeld ??= [];
  }

  /** The held answers go on; those whose client went away meanwhile end unsent, and are not `delivered`. */
  releaseUsage(): void {
    for (const go of this.usageHeld?.splice(0) ?? []) go();
    this.usageHeld = null;
  }

  /** Calls whose sentence contains `marker` never answer (the connection stays open until the client gives up). */
  hangWhen(marker: string): void {
    this.hangMarkers.add(marker);
  }

  /** Every `n`th completion call never answers (0: none). */
  hangEvery(n: number): void {
    this.hangEveryN = n;
  }

  /** Calls whose sentence contains `marker` answer `content` (e.g. "Sure! Here is the translation"). */
  answerWhen(marker: string, content: string): void {
    this.answers.set(marker, content);
  }

  /** The next `count` completion calls answer 429 with the provider's body and `Retry-After`. */
  rateLimit(count: number, retryAfterSeconds: number): void {
    this.rateLimited = { count, retryAfterSeconds };
  }

  /** Streams like a real model: the first token after `firstTokenMs`, then `tokensPerSecond` (null: at once). */
  pace(pace: Pace | null): void {
    this.pacing = pace;
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
    if (req.method === 'POST' && url === '/__delay') {
      this.delay(Number(JSON.parse((await readBody(req)) || '{}').ms ?? 0));
      return json(res, 200, {});
    }
    if (req.method === 'POST' && url === '/__pace') {
      const body = JSON.parse((await readBody(req)) || '{}');
      this.pace(
        body.firstTokenMs === undefined ? null : { firstTokenMs: Number(body.firstTokenMs), tokensPerSecond: Number(body.tokensPerSecond) },
      );
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
    const prompt = messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    const user = between(prompt, 'sentence') ?? between(prompt, 'question') ?? prompt;
    const task = taskOf(system);
    const target = (task === 'summary' ? /\bin [^()]*\(([A-Za-z-]+)\)/ : /\bto [^()]*\(([A-Za-z-]+)\)/).exec(system)?.[1] ?? null;
    const call: RecordedCall = {
      model: body.model,
      stream: Boolean(body.stream),
      temperature: body.temperature,
      max_tokens: body.max_tokens,
      system,
      user,
      prompt,
      context: between(prompt, 'context'),
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
    if (this.rateLimited.count > 0) {
      this.rateLimited.count -= 1;
      res.setHeader('retry-after', String(this.rateLimited.retryAfterSeconds));
      return json(res, 429, {
        error: {
          message: `Rate limit reached for ${body.model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`,
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      });
    }
    if ((this.hangEveryN > 0 && this.calls.length % this.hangEveryN === 0) || [...this.hangMarkers].some((m) => user.includes(m))) return;
    const given = [...this.answers].find(([marker]) => user.includes(marker))?.[1];
    const content =
      given !== undefined
        ? given
        : task === 'summary'
          ? fakeSummary(target, user)
          : task === 'enhancement'
            ? fakeEnhancement(user)
            : fakeTranslation(target, user, system);
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
    const pace = this.pacing;
    if (pace) await wait(pace.firstTokenMs);
    for (const piece of pieces) {
      if (res.destroyed) return;
      res.write(chunk({ content: piece }, null));
      if (pace) await wait(1000 / pace.tokensPerSecond);
    }
    if (this.usageHeld) await new Promise<void>((go) => this.usageHeld?.push(go));
    if (res.destroyed || !res.socket || res.socket.destroyed) return;
    res.write(chunk({}, 'stop'));
    // As the real API: with include_usage, one last chunk without choices reports the usage.
    if (body.stream_options?.include_usage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`);
      res.once('finish', () => this.delivered.push(usage.total_tokens));
    }
    res.end('data: [DONE]\n\n');
  }
}

export interface Pace {
  firstTokenMs: number;
  tokensPerSecond: number;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
