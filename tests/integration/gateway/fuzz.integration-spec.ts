import fc from 'fast-check';
import WebSocket from 'ws';
import { clientFrameSchema, CLOSE_CODES, LiveErrorCode, type ServerFrame } from '@lt/contracts';
import { LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { createRoom, transcript } from '../helpers';

/**
 * Random and hostile input against a running product (embedded mode, so that anything thrown on the server
 * surfaces in this process): at least 10,000 socket frames and 1,000 HTTP bodies a run. Nothing may crash,
 * answer 5xx or `internal`, or reject unhandled; every frame that fails the schema gets a `bad_frame`.
 */
jest.setTimeout(120_000);

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SOCKETS = 200;
const FRAMES_PER_SOCKET = 50;
const BODIES = 1_000;

type Wire = string | Buffer;

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007\u001b[31m', '\ud800', '\udfff', '<script>alert(1)</script>', '__proto__', ' '.repeat(6000)),
  fc.string({ minLength: 4000, maxLength: 6000 }),
);

function frames(roomId: string, hostKey: string): fc.Arbitrary<Wire> {
  const id = fc.oneof(fc.constant(roomId), fc.uuid(), hostile);
  const lang = fc.oneof(fc.constantFrom('es', 'en', 'fr', 'de', 'xx'), hostile);
  const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53, Number.MAX_VALUE), hostile);
  const shaped = fc.oneof(
    fc.record(
      {
        type: fc.constant('join'),
        roomId: id,
        role: fc.constantFrom('host', 'viewer', 'speaker', 'admin'),
        lang,
        hostKey: fc.oneof(fc.constant(hostKey), hostile),
        since: number,
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constant('transcript'),
        messageId: fc.oneof(fc.uuid(), hostile),
        text: hostile,
        sourceLanguage: lang,
        timestamp: fc.oneof(
          fc.date().map((d) => (isNaN(d.getTime()) ? 'x' : d.toISOString())),
          hostile,
        ),
        confidence: number,
        final: fc.oneof(fc.boolean(), hostile),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constantFrom('set_language', 'resync', 'room_start', 'room_end', 'ping', 'pong', 'nope'),
        lang,
        since: number,
        sourceLanguage: lang,
      },
      { requiredKeys: ['type'] },
    ),
  );
  const polluted = fc.record({ type: fc.constantFrom('join', 'ping'), ['__proto__']: fc.object(), constructor: fc.anything() });
  const json = fc.oneof(shaped, polluted, fc.anything(), fc.jsonValue({ maxDepth: 12 })).map((v) => JSON.stringify(v) ?? 'undefined');
  return fc.oneof(
    { weight: 6, arbitrary: json },
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0xc3, 0x28]), Buffer.from([0xff, 0xfe, 0xfd])) },
  );
}

/** Whether the gateway must refuse this frame as bad (binary, not JSON, or not a frame of the protocol). */
function isBad(wire: Wire, binary: boolean): boolean {
  if (binary) return true;
  try {
    return !clientFrameSchema.safeParse(JSON.parse(wire as string)).success;
  } catch {
    return true;
  }
}

describe('fuzzing the socket and the HTTP API (embedded mode)', () => {
  const failures: unknown[] = [];
  const onFailure = (error: unknown) => failures.push(error);
  beforeAll(() => {
    process.on('unhandledRejection', onFailure);
    process.on('uncaughtException', onFailure);
  });
  afterAll(() => {
    process.off('unhandledRejection', onFailure);
    process.off('uncaughtException', onFailure);
  });
  const suite = describeStack({ mode: 'embedded', llm: false });
  let stack: Stack;
  beforeAll(() => {
    ({ stack } = suite);
  });

  it(`answers ${SOCKETS * FRAMES_PER_SOCKET} random frames without a crash, an internal error or a dropped bad frame`, async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Fuzz');
    const samples = fc.sample(frames(room.id, hostKey), { numRuns: SOCKETS * FRAMES_PER_SOCKET, seed: SEED });
    const sockets = Array.from({ length: SOCKETS }, (_, i) => samples.slice(i * FRAMES_PER_SOCKET, (i + 1) * FRAMES_PER_SOCKET));
    const results = await Promise.all(
      sockets.map(
        (batch) =>
          new Promise<{ bad: number; badFrames: number; internal: ServerFrame[]; closeCode: number | null }>((resolve, reject) => {
            const ws = new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/ws`);
            const received: ServerFrame[] = [];
            let closeCode: number | null = null;
            const bad = batch.filter((wire) => isBad(wire, Buffer.isBuffer(wire))).length;
            ws.on('error', () => undefined);
            ws.on('message', (data) => received.push(JSON.parse(String(data)) as ServerFrame));
            ws.on('close', (code) => (closeCode = code));
            ws.on('open', () => {
              for (const wire of batch) ws.send(wire, { binary: Buffer.isBuffer(wire) });
              ws.send(JSON.stringify({ type: 'ping' }));
            });
            ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
            const done = () => {
              const errors = received.filter((f): f is Extract<ServerFrame, { type: 'error' }> => f.type === 'error');
              resolve({
                bad,
                badFrames: errors.filter((e) => e.code === LiveErrorCode.BadFrame).length,
                internal: errors.filter((e) => e.code === LiveErrorCode.Internal),
                closeCode,
              });
              ws.close();
            };
            // The last frame is a ping: its pong means every frame before it was read (handling may still run).
            const waitForPong = setInterval(() => {
              if (received.some((f) => f.type === 'pong') || closeCode !== null) {
                clearInterval(waitForPong);
                setTimeout(done, 1_500);
              }
            }, 50);
          }),
      ),
    );
    const sent = results.length * FRAMES_PER_SOCKET;
    const bad = results.reduce((sum, r) => sum + r.bad, 0);
    process.stdout.write(`fuzz: ${sent} frames on ${results.length} sockets (seed ${SEED}), ${bad} of them bad\n`);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(results.flatMap((r) => r.internal)).toEqual([]);
    // Only documented closes: none at all, or 1009 for a frame over 64 KB.
    expect(results.map((r) => r.closeCode).filter((c) => c !== null && c !== CLOSE_CODES.messageTooBig)).toEqual([]);
    for (const r of results) if (r.closeCode === null) expect(r.badFrames).toBeGreaterThanOrEqual(r.bad);
    expect(failures).toEqual([]);
  });

  it(`answers ${BODIES} random HTTP bodies with no 5xx`, async () => {
    const endpoints: { method: string; path: string }[] = [
      { method: 'POST', path: '/api/rooms' },
      { method: 'POST', path: '/api/auth/signup' },
      { method: 'POST', path: '/api/auth/token?grant_type=password' },
      { method: 'POST', path: '/api/auth/token?grant_type=refresh_token' },
      { method: 'POST', path: '/api/auth/recover' },
      { method: 'POST', path: '/api/auth/logout' },
      { method: 'PUT', path: '/api/auth/user' },
    ];
    const body = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .oneof(fc.anything(), fc.jsonValue(), fc.record({ email: hostile, password: hostile, name: hostile, refresh_token: hostile }))
          .map((v) => JSON.stringify(v) ?? 'null'),
      },
      { weight: 1, arbitrary: hostile },
    );
    const request = fc.record({
      endpoint: fc.constantFrom(...endpoints),
      body,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
      ),
      auth: fc.constantFrom(undefined, 'Bearer x', 'Bearer eyJhbGciOiJub25lIn0.e30.', 'Basic Zm9vOmJhcg=='),
    });
    const samples = fc.sample(request, { numRuns: BODIES, seed: SEED });
    const statuses: number[] = [];
    const serverErrors: string[] = [];
    for (let i = 0; i < samples.length; i += 25) {
      await Promise.all(
        samples.slice(i, i + 25).map(async ({ endpoint: { method, path }, body: text, contentType, auth }) => {
          const res = await fetch(`${stack.baseUrl}${path}`, {
            method,
            headers: { 'content-type': contentType, ...(auth ? { authorization: auth } : {}) },
            body: text,
          });
          statuses.push(res.status);
          if (res.status >= 500)
            serverErrors.push(`${method} ${path} ${contentType} ${text.slice(0, 200)} → ${res.status} ${await res.text()}`);
        }),
      );
    }
    process.stdout.write(`fuzz: ${statuses.length} HTTP bodies (seed ${SEED}), statuses ${JSON.stringify(countBy(statuses))}\n`);
    expect(statuses.length).toBeGreaterThanOrEqual(1_000);
    expect(serverErrors).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('still serves: ready, and a host is acked after all of that', async () => {
    expect((await fetch(`${stack.baseUrl}/readyz`)).status).toBe(200);
    const { room, hostKey } = await createRoom(stack.baseUrl, 'After the fuzz');
    const host = await LiveClient.connect(stack.baseUrl);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    host.send(transcript('after-fuzz', 'Todo sigue en pie'));
    await host.waitFor((c) => c.of('ack').length === 1, 5_000, 'the ack');
    host.close();
    expect(failures).toEqual([]);
  });
});

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
