import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SummaryRequest, SummaryResponse } from '@lt/contracts';
import type { ViewerCallLimiters } from '../auth/ip-rate-limiter.guard';
import type { IpRateLimiter } from '../auth/ip-rate-limiter';
import { gatewayEnvSchema } from '../gateway.env';
import { apiSecurityHeaders } from './security-headers';
import type { SummaryCoalescer } from './summary-coalescer';
import { installSummaryFastLane } from './summary-fast-lane';
import { SharedSummaryAnswers } from './summary-shared-answers';

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const OTHER_ROOM = '1b0f9b11-7a43-4d2c-9f57-8a6f2a0e1c1f';
const ANSWER: SummaryResponse = { summary: '(fr) Summary of 2 lines', fromSeq: 0, upToSeq: 2 };

describe('summary fast lane', () => {
  let server: Server;
  let base: string;
  let claims: (req: IncomingMessage) => boolean;
  /** What reached the listener behind the lane (express in the product). */
  const routed: { url: string; body: unknown; complete: boolean }[] = [];

  beforeAll(async () => {
    const config = gatewayEnvSchema.parse({});
    const unlimited = { take: async () => null } as unknown as IpRateLimiter;
    const limiters: ViewerCallLimiters = { client: unlimited, room: unlimited, address: unlimited };
    const coalescer = {
      hasAnyFor: (roomId: string) => roomId === ROOM,
      freshAnswer: (request: SummaryRequest) => (request.roomId === ROOM && request.lang === 'fr' ? ANSWER : undefined),
      inFlight: () => undefined,
    } as unknown as SummaryCoalescer;
    const answers = new SharedSummaryAnswers(coalescer, limiters, () => undefined);
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      routed.push({ url: req.url ?? '', body: (req as { body?: unknown }).body, complete: req.complete });
      res.writeHead(299).end();
    });
    claims = installSummaryFastLane(server, { answers, config, headers: apiSecurityHeaders(config), trustProxy: () => undefined });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (routed.length = 0));

  const ask = (room: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/rooms/${room}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'viewer-123456', ...headers },
      body,
    });

  it('answers a request for a summary the gateway holds itself, with the security headers, never reaching express', async () => {
    const res = await ask(ROOM, JSON.stringify({ lang: 'fr' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ANSWER);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(routed).toEqual([]);
  });

  it('hands express what it cannot answer, the body read and parsed, and what it does not take, untouched', async () => {
    expect((await ask(ROOM, JSON.stringify({ lang: 'de' }))).status).toBe(299);
    expect((await ask(OTHER_ROOM, JSON.stringify({ lang: 'fr' }))).status).toBe(299);
    expect((await ask(ROOM, JSON.stringify({ lang: 'fr' }), { origin: 'https://evil.example' })).status).toBe(299);
    expect((await ask(ROOM, JSON.stringify({ lang: 'fr' }), { 'x-client-id': 'short' })).status).toBe(299);
    expect((await ask(ROOM, JSON.stringify({ lang: 'fr', extra: 1 }))).status).toBe(299);
    expect(routed.map((r) => r.body)).toEqual([{ lang: 'de' }, undefined, undefined, undefined, { lang: 'fr', extra: 1 }]);
    expect(routed[0].complete).toBe(true);
  });

  it('answers a body that is not JSON as the body parser does', async () => {
    const res = await ask(ROOM, '{"lang":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'entity_parse_failed' } });
    expect(routed).toEqual([]);
  });

  it('tells which requests are its own (they get no trace span each)', () => {
    const request = (url: string, headers: Record<string, string>) => ({ method: 'POST', url, headers }) as unknown as IncomingMessage;
    const json = { 'content-type': 'application/json', 'content-length': '15' };
    expect(claims(request(`/api/rooms/${ROOM}/summary`, json))).toBe(true);
    expect(claims(request(`/api/rooms/${OTHER_ROOM}/summary`, json))).toBe(false);
    expect(claims(request(`/api/rooms/${ROOM}/summary`, { ...json, 'content-length': '5000' }))).toBe(false);
    expect(claims(request(`/api/rooms/${ROOM}/glossary`, json))).toBe(false);
  });
});
