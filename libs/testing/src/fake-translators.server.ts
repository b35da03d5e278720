import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTranslatorProvider = 'google' | 'deepl' | 'libretranslate';

export interface FakeTranslatorCall {
  provider: FakeTranslatorProvider;
  text: string;
  source: string | undefined;
  target: string;
  /** The key as the provider receives it: Google's `?key=`, DeepL's `Authorization`, LibreTranslate's `api_key`. */
  key: string | undefined;
  body: Record<string, unknown>;
}

/** What the fake answers: recognisable per provider and target, and the text untouched (placeholders survive). */
export function fakeServiceTranslation(provider: FakeTranslatorProvider, target: string, text: string): string {
  return `<${provider}:${target}> ${text}`;
}

/**
 * The three fallback translation services on one port, each speaking its real shape: Google Cloud
 * Translation v2 (`POST /language/translate/v2?key=`), DeepL (`POST /v2/translate`, `DeepL-Auth-Key`) and
 * LibreTranslate (`POST /translate`). Records every call, refuses a wrong key the way each provider does, and
 * can be told to answer an error status with that provider's error body.
 */
export class FakeTranslatorsServer {
  readonly calls: FakeTranslatorCall[] = [];
  private failures: number[] = [];
  private delayMs = 0;
  private server: Server | null = null;

  constructor(private readonly key = 'fallback-key') {}

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.route(req, res).catch((error) => reply(res, 500, { error: String(error) })));
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  /** The next calls answer these statuses, one each (e.g. 403, 456, 429, 500), with the provider's error body. */
  fail(...statuses: number[]): void {
    this.failures.push(...statuses);
  }

  delay(ms: number): void {
    this.delayMs = ms;
  }

  reset(): void {
    this.calls.length = 0;
    this.failures = [];
    this.delayMs = 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return reply(res, 400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
    }
    if (req.method !== 'POST') return reply(res, 405, { error: 'Method Not Allowed' });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (url.pathname === '/language/translate/v2') return this.google(url, body, res);
    if (url.pathname === '/v2/translate') return this.deepl(req, body, res);
    if (url.pathname === '/translate') return this.libre(body, res);
    reply(res, 404, { error: 'Not Found' });
  }

  private google(url: URL, body: Record<string, unknown>, res: ServerResponse): void {
    const key = url.searchParams.get('key') ?? undefined;
    const status = key === this.key ? this.failures.shift() : 403;
    if (status) {
      const reason = {
        403: ['PERMISSION_DENIED', 'The request is missing a valid API key.'],
        429: ['RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'v2 and v3 general model characters'."],
      }[status as 403 | 429] ?? ['INTERNAL', 'Internal error encountered.'];
      return reply(res, status, {
        error: {
          code: status,
          message: reason[1],
          errors: [{ message: reason[1], domain: 'global', reason: 'forbidden' }],
          status: reason[0],
        },
      });
    }
    if (typeof body.q !== 'string' || typeof body.target !== 'string')
      return reply(res, 400, { error: { code: 400, message: 'Missing required field target', status: 'INVALID_ARGUMENT' } });
    const call = this.record('google', body.q, body.source as string | undefined, body.target, key, body);
    reply(res, 200, { data: { translations: [{ translatedText: fakeServiceTranslation('google', call.target, call.text) }] } });
  }

  private deepl(req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse): void {
    const key = /^DeepL-Auth-Key (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const status = key === this.key ? this.failures.shift() : 403;
    if (status === 403) return reply(res, 403, { message: 'Authorization failed. Please supply a valid auth_key parameter.' });
    if (status === 456) return reply(res, 456, { message: 'Quota Exceeded' });
    if (status === 429) return reply(res, 429, { message: 'Too many requests' });
    if (status) return reply(res, status, { message: 'Internal server error' });
    const texts = body.text;
    if (!Array.isArray(texts) || typeof body.target_lang !== 'string')
      return reply(res, 400, { message: "Value for 'target_lang' not supported." });
    const call = this.record('deepl', String(texts[0]), body.source_lang as string | undefined, body.target_lang, key, body);
    reply(res, 200, {
      translations: [{ detected_source_language: call.source ?? 'ES', text: fakeServiceTranslation('deepl', call.target, call.text) }],
    });
  }

  private libre(body: Record<string, unknown>, res: ServerResponse): void {
    const key = typeof body.api_key === 'string' ? body.api_key : undefined;
    const status = key === this.key ? this.failures.shift() : 403;
    if (status === 403) return reply(res, 403, { error: 'Invalid API key' });
    if (status === 429) return reply(res, 429, { error: 'Too many request limits violations' });
    if (status) return reply(res, status, { error: 'Cannot translate text: internal error' });
    if (typeof body.q !== 'string' || typeof body.target !== 'string')
      return reply(res, 400, { error: 'Invalid request: missing target parameter' });
    const call = this.record('libretranslate', body.q, body.source as string | undefined, body.target, key, body);
    reply(res, 200, { translatedText: fakeServiceTranslation('libretranslate', call.target, call.text) });
  }

  private record(
    provider: FakeTranslatorProvider,
    text: string,
    source: string | undefined,
    target: string,
    key: string | undefined,
    body: Record<string, unknown>,
  ) {
    const call: FakeTranslatorCall = { provider, text, source, target, key, body };
    this.calls.push(call);
    return call;
  }
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

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
