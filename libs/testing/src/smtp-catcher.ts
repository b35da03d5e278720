import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The `From` header as written, e.g. `"Rooms" <rooms@example.com>`. */
  from: string;
  /** Bare addresses from the envelope (RCPT TO), lower-cased. */
  to: string[];
  subject: string;
  /** The decoded text/plain body ('' when the message has none). */
  text: string;
  /** The decoded text/html body, when the message has one. */
  html?: string;
  /** Headers of the top-level message, names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The message exactly as received over SMTP. */
  raw: string;
  receivedAt: string;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  let last: string | null = null;
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    // A repeated header (Received, …) keeps the first value: the catcher only reads single-valued ones.
    if (!(last in headers)) headers[last] = value;
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBytes(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function quotedPrintableBytes(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      // Characters outside Latin-1 cannot appear in a valid QP body; UTF-8 keeps them intact if one does.
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = parameter(part.headers['content-type'], 'charset') ?? 'utf-8';
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(part.body), charset);
  // 7bit/8bit bodies arrive as the UTF-8 the SMTP stream carried.
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), which nodemailer uses for non-ASCII subjects. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, kind: string, data: string) => {
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintableBytes(data.replace(/_/g, ' '));
      return decodeBytes(bytes, charset);
    });
}

/** Walks a (possibly nested multipart) MIME entity and collects its text/plain and text/html bodies. */
function collectBodies(part: Part, into: { text?: string; html?: string }): void {
  const contentType = part.headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // The first section is the preamble; the one after the closing `--boundary--` starts with '--'.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectBodies(splitHeaders(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  if (/attachment/i.test(part.headers['content-disposition'] ?? '')) return;
  if (type === 'text/plain' && into.text === undefined) into.text = decodeBody(part).replace(/\n$/, '');
  if (type === 'text/html' && into.html === undefined) into.html = decodeBody(part);
}

/** Parses just enough of an RFC 5322 message for tests to read what a user would. */
export function parseMail(raw: string, envelopeTo: string[] = []): CaughtMail {
  const top = splitHeaders(raw);
  const bodies: { text?: string; html?: string } = {};
  collectBodies(top, bodies);
  const headerTo = (top.headers['to'] ?? '')
    .split(',')
    .map((address) => (address.match(/<([^>]+)>/)?.[1] ?? address).trim().toLowerCase())
    .filter(Boolean);
  return {
    from: decodeEncodedWords(top.headers['from'] ?? ''),
    to: envelopeTo.length > 0 ? envelopeTo.map((address) => address.toLowerCase()) : headerTo,
    subject: decodeEncodedWords(top.headers['subject'] ?? ''),
    text: bodies.text ?? '',
    ...(bodies.html !== undefined ? { html: bodies.html } : {}),
    headers: top.headers,
    raw,
    receivedAt: new Date().toISOString(),
  };
}

/** Every http(s) URL in a text, with trailing punctuation that is rarely part of a link removed. */
export function linksIn(text: string): string[] {
  return (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((link) => link.replace(/[).,;:!?]+$/, ''));
}

/**
 * An SMTP server for tests that accepts every message (no auth, no TLS) and keeps it in memory.
 * `startHttp` adds `GET /__mails` and `POST /__clear` for tests that run it in another process.
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private smtp: SMTPServer | null = null;
  private http: Server | null = null;
  private waiters = new Set<() => void>();

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // A client configured with credentials (smtp://user:pass@…) is let in over plain text with any of them.
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
      logger: false,
      banner: 'lt test SMTP catcher',
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          this.mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), recipients));
          for (const wake of [...this.waiters]) wake();
          callback();
        });
      },
    });
    // smtp-server reports errors of single connections here too; without a listener they would crash the process.
    smtp.on('error', () => undefined);
    this.smtp = smtp;
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(port, host, () => {
        smtp.server.off('error', reject);
        resolve();
      });
    });
    return this.url;
  }

  get url(): string {
    const address = this.smtp?.server.address() as AddressInfo | null;
    if (!address) throw new Error('SmtpCatcher is not started');
    return `smtp://127.0.0.1:${address.port}`;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  clear(): void {
    this.mails.length = 0;
  }

  /** The first caught mail (already caught or arriving within `timeoutMs`) that matches. */
  waitForMail(predicate: (mail: CaughtMail) => boolean = () => true, timeoutMs = 5000): Promise<CaughtMail> {
    const found = this.mails.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = this.mails.find(predicate);
        if (!mail) return;
        done();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching mail within ${timeoutMs} ms (caught ${this.mails.length}: ${this.describe()})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  /** Serves the caught mails as JSON: `GET /__mails[?to=address]`, `POST /__clear`. Resolves the base URL. */
  async startHttp(port = 0, host = '127.0.0.1'): Promise<string> {
    const http = createServer((req, res) => this.route(req, res));
    this.http = http;
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(port, host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const smtp = this.smtp;
    const http = this.http;
    this.smtp = null;
    this.http = null;
    if (http) {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }

  private describe(): string {
    return this.mails.map((mail) => `${mail.to.join(',')} "${mail.subject}"`).join('; ') || 'none';
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/__mails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      send(200, to ? this.mails.filter((mail) => mail.to.includes(to)) : this.mails);
    } else if (req.method === 'POST' && url.pathname === '/__clear') {
      this.clear();
      send(200, { cleared: true });
    } else if (req.method === 'GET' && url.pathname === '/healthz') {
      send(200, { ok: true, smtp: this.smtp ? this.url : null });
    } else {
      send(404, { error: 'not found' });
    }
  }
}
