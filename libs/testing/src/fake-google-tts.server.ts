import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeMp3 } from './fake-openai/fake-openai.server';

export interface GoogleTtsCall {
  text: string;
  languageCode: string;
  audioEncoding: string;
  apiKey: string | undefined;
}

/**
 * Google Cloud Text-to-Speech's `POST /v1/text:synthesize` for tests: answers `{audioContent}` (base64 of a
 * fake MP3 of the text), records every call, refuses a missing key with 403, and can be told to fail.
 */
export class FakeGoogleTtsServer {
  readonly calls: GoogleTtsCall[] = [];
  private failNext = 0;
  private delayMs = 0;
  private server: Server | null = null;

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.route(req, res));
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  fail(count: number): void {
    this.failNext = count;
  }

  delay(ms: number): void {
    this.delayMs = ms;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/text:synthesize')
      return send(res, 404, { error: { message: 'Not found' } });
    const body = JSON.parse(await read(req)) as {
      input?: { text?: string };
      voice?: { languageCode?: string };
      audioConfig?: { audioEncoding?: string };
    };
    const apiKey =
      (req.headers['x-goog-api-key'] as string | undefined) ?? new URL(req.url, 'http://x').searchParams.get('key') ?? undefined;
    this.calls.push({
      text: body.input?.text ?? '',
      languageCode: body.voice?.languageCode ?? '',
      audioEncoding: body.audioConfig?.audioEncoding ?? '',
      apiKey,
    });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (!apiKey)
      return send(res, 403, { error: { code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' } });
    if (this.failNext > 0) {
      this.failNext -= 1;
      return send(res, 500, { error: { code: 500, message: 'The fake was told to fail', status: 'INTERNAL' } });
    }
    send(res, 200, { audioContent: fakeMp3(body.input?.text ?? '').toString('base64') });
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
