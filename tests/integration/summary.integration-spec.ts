import { SummaryRateLimitGuard } from '@lt/gateway';
import { createTestDatabase, FakeOpenAiServer, LiveClient, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';
import { apiContract } from './api-contract';
import { createRoom, MODES, sleep, transcript } from './helpers';

jest.setTimeout(40_000);

describe.each(MODES)('summaries (%s mode)', (mode) => {
  let db: TestDatabase;
  let llm: FakeOpenAiServer;
  let stack: Stack;
  const clients: LiveClient[] = [];

  const summaryCalls = () => llm.calls.filter((c) => c.task === 'summary');

  async function summarize(on: Stack, roomId: string, body: Record<string, unknown>, clientId?: string, origin?: string) {
    const res = await fetch(`${on.baseUrl}/api/rooms/${roomId}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(clientId && { 'x-client-id': clientId }), ...(origin && { origin }) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    apiContract.assert('POST', '/api/rooms/{roomId}/summary', res.status, json, res.headers.get('content-type'));
    // Date changes by the second; every other header must be the same whichever path answered.
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
    return { status: res.status, body: json, retryAfter: res.headers.get('retry-after'), headers };
  }

  /** A started room with a French viewer; `say` speaks sentences and waits until the viewer has them. */
  async function liveRoom(on: Stack) {
    const { room, hostKey } = await createRoom(on.baseUrl, 'Summarised');
    const host = await LiveClient.connect(on.baseUrl);
    const viewer = await LiveClient.connect(on.baseUrl);
    clients.push(host, viewer);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: 'fr' });
    await viewer.waitFor((c) => c.of('joined').length === 1, 5000, 'viewer joined');
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await sleep(100);
    let said = 0;
    const say = async (count: number) => {
      for (let i = 0; i < count; i++) host.send(transcript(crypto.randomUUID(), `Frase número ${++said}`));
      await viewer.waitFor((c) => c.of('translation').length === said, 10_000, `${said} translations`);
    };
    return { roomId: room.id, say };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    llm = new FakeOpenAiServer();
    await llm.start();
    stack = await startStack({ mode, databaseUrl: db.url, llmUrl: llm.url });
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await stack?.close();
    await llm?.stop();
    await db?.drop();
  });

  beforeEach(() => llm.reset());

  it('makes one summary call for twenty viewers asking at the same moment, and one more per new transcript version', async () => {
    const { roomId, say } = await liveRoom(stack);
    await say(3);
    llm.reset();
    llm.delay(300);
    const answers = await Promise.all(Array.from({ length: 20 }, () => summarize(stack, roomId, { lang: 'fr' })));
    llm.delay(0);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(
      new Set([JSON.stringify({ summary: '(fr) Summary of 3 lines', fromSeq: 0, upToSeq: 3 })]),
    );
    expect(summaryCalls()).toHaveLength(1);
    expect(summaryCalls()[0]).toMatchObject({ temperature: 0.3, target: 'fr' });
    expect(summaryCalls()[0].user).toBe('Host: (fr) Frase número 1\nHost: (fr) Frase número 2\nHost: (fr) Frase número 3');

    await summarize(stack, roomId, { lang: 'fr' });
    expect(summaryCalls()).toHaveLength(1);
    await say(1);
    // A gateway serves an answer for a second to those asking just behind (a storm); then it asks again.
    await sleep(1_100);
    expect((await summarize(stack, roomId, { lang: 'fr' })).body).toEqual({ summary: '(fr) Summary of 4 lines', upToSeq: 4, fromSeq: 0 });
    expect(summaryCalls()).toHaveLength(2);
    // German had no viewer: its translations are made for the summary, once each.
    llm.reset();
    expect((await summarize(stack, roomId, { lang: 'de' })).body).toMatchObject({ summary: '(de) Summary of 4 lines' });
    expect(llm.calls.filter((c) => c.task === 'translation' && c.target === 'de')).toHaveLength(4);
  });

  it('catches a viewer up from sinceSeq rounded down to a multiple of 10, so nearby askers share a call', async () => {
    const { roomId, say } = await liveRoom(stack);
    await say(14);
    llm.reset();
    const [a, b] = await Promise.all([
      summarize(stack, roomId, { lang: 'fr', sinceSeq: 11 }),
      summarize(stack, roomId, { lang: 'fr', sinceSeq: 13 }),
    ]);
    expect(a.body).toEqual({ summary: '(fr) Summary of 4 lines', upToSeq: 14, fromSeq: 10 });
    expect(b.body).toEqual(a.body);
    expect(summaryCalls()).toHaveLength(1);
    expect(summaryCalls()[0].user.split('\n')[0]).toBe('Host: (fr) Frase número 11');
  });

  it('says there is nothing to summarize, refuses unknown rooms and bad input', async () => {
    const { roomId, say } = await liveRoom(stack);
    expect(await summarize(stack, roomId, { lang: 'fr' })).toMatchObject({
      status: 409,
      body: { error: { code: 'nothing_to_summarize', message: 'No translations to summarize' } },
    });
    // Asked at once, the later ones share the first's request before the route: they fail the same way.
    const together = await Promise.all(Array.from({ length: 5 }, () => summarize(stack, roomId, { lang: 'de' })));
    expect(new Set(together.map((t) => JSON.stringify(t)))).toEqual(new Set([JSON.stringify(together[0])]));
    expect(together[0].status).toBe(409);
    await say(2);
    expect((await summarize(stack, roomId, { lang: 'fr', sinceSeq: 10 })).status).toBe(409);
    expect((await summarize(stack, crypto.randomUUID(), { lang: 'fr' })).status).toBe(404);
    expect((await summarize(stack, roomId, { lang: 'xx' })).status).toBe(400);
    expect((await summarize(stack, roomId, { lang: 'fr', sinceSeq: -1 })).status).toBe(400);
    expect(summaryCalls()).toHaveLength(0);
  });

  it('refuses one client id flooding summaries, and a caller without one past its address share, with the defaults', async () => {
    const limited = await startStack({ mode, databaseUrl: db.url, llmUrl: llm.url, defaultLimits: true });
    try {
      const { roomId, say } = await liveRoom(limited);
      await say(1);
      const flooder = `flood-${crypto.randomUUID()}`;
      const flood = [];
      for (let i = 0; i < 11; i++) flood.push(await summarize(limited, roomId, { lang: 'fr' }, flooder));
      expect(flood.map((a) => a.status)).toEqual([...Array(10).fill(200), 429]);
      expect(Number(flood[10].retryAfter)).toBeGreaterThan(0);
      // Its neighbours behind the same address are not refused for it.
      expect((await summarize(limited, roomId, { lang: 'fr' }, crypto.randomUUID())).status).toBe(200);
      const anonymous = [];
      for (let i = 0; i < 11; i++) anonymous.push((await summarize(limited, roomId, { lang: 'fr' })).status);
      expect(anonymous).toEqual([...Array(10).fill(200), 429]);
      expect(await summarize(limited, roomId, { lang: 'fr' }, 'short')).toMatchObject({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'X-Client-Id must be 8 to 64 letters, digits, - or _' } },
      });
    } finally {
      await limited.close();
    }
  });

  it('keeps a ceiling per room, and a per-address cap when the operator sets one', async () => {
    const limited = await startStack({
      mode,
      databaseUrl: db.url,
      llmUrl: llm.url,
      gatewayEnv: { SUMMARY_ROOM_BURST: '3', SUMMARY_ROOM_PER_MINUTE: '3', SUMMARY_ADDRESS_PER_MINUTE: '5' },
    });
    try {
      const [first, second] = [await liveRoom(limited), await liveRoom(limited)];
      await first.say(1);
      await second.say(1);
      const inFirst = [];
      for (let i = 0; i < 4; i++) inFirst.push((await summarize(limited, first.roomId, { lang: 'fr' }, crypto.randomUUID())).status);
      expect(inFirst).toEqual([200, 200, 200, 429]);
      // Another room has its own ceiling; the address, capped at 5 a minute, has 1 left.
      expect((await summarize(limited, second.roomId, { lang: 'fr' }, crypto.randomUUID())).status).toBe(200);
      const capped = await summarize(limited, second.roomId, { lang: 'fr' }, crypto.randomUUID());
      expect(capped).toMatchObject({ status: 429, body: { error: { code: 'over_request_rate_limit' } } });
      expect(Number(capped.retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers a storm from the last answer before the route runs: same answer, headers and shares as the route', async () => {
    const limited = await startStack({
      mode,
      databaseUrl: db.url,
      llmUrl: llm.url,
      gatewayEnv: { SUMMARY_ROOM_BURST: '3', SUMMARY_ROOM_PER_MINUTE: '3' },
    });
    // The route's guard runs for every call the route answers, and for none answered before it.
    const routed = jest.spyOn(SummaryRateLimitGuard.prototype, 'canActivate');
    try {
      const { roomId, say } = await liveRoom(limited);
      await say(2);
      routed.mockClear();
      const normal = await summarize(limited, roomId, { lang: 'fr' }, crypto.randomUUID());
      expect(routed).toHaveBeenCalledTimes(1);
      // The next ones, within the second the answer stays fresh, never reach the route.
      const early = await summarize(limited, roomId, { lang: 'fr', sinceSeq: 5 }, crypto.randomUUID());
      expect(routed).toHaveBeenCalledTimes(1);
      expect(early).toEqual(normal);
      expect(normal).toMatchObject({ status: 200, body: { summary: '(fr) Summary of 2 lines', fromSeq: 0, upToSeq: 2 } });
      // The checks still hold: a foreign Origin, a malformed client id or body are refused as by the route.
      expect(await summarize(limited, roomId, { lang: 'fr' }, crypto.randomUUID(), 'https://evil.example')).toMatchObject({
        status: 403,
        body: { error: { code: 'forbidden_origin' } },
      });
      expect((await summarize(limited, roomId, { lang: 'fr' }, 'short')).body).toMatchObject({ error: { code: 'validation_failed' } });
      expect((await summarize(limited, roomId, { lang: 'fr', extra: 1 })).status).toBe(400);
      expect(routed).toHaveBeenCalledTimes(3);
      // Both paths spend the same room share: 3 of 3 are gone (the route counts a call before reading its body).
      const refusedEarly = await summarize(limited, roomId, { lang: 'fr' }, crypto.randomUUID());
      expect(routed).toHaveBeenCalledTimes(3);
      await sleep(1_100);
      const refusedByRoute = await summarize(limited, roomId, { lang: 'fr' }, crypto.randomUUID());
      expect(routed).toHaveBeenCalledTimes(4);
      expect(refusedEarly).toMatchObject({ status: 429, body: { error: { code: 'over_request_rate_limit' } } });
      expect(Number(refusedEarly.retryAfter)).toBeGreaterThan(0);
      const sameWait = (r: typeof refusedEarly) => ({ ...r, retryAfter: 'n', headers: { ...r.headers, 'retry-after': 'n' } });
      expect(sameWait(refusedEarly)).toEqual(sameWait(refusedByRoute));
    } finally {
      routed.mockRestore();
      await limited.close();
    }
  });
});
