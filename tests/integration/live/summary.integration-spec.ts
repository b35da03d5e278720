import { eventually, LiveClient, type FakeOpenAiServer } from '@lt/testing';
import { describeStack, readersCounted } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { createRoom, MODES, sleep, transcript } from '../helpers';

jest.setTimeout(40_000);

describe.each(MODES)('summaries (%s mode)', (mode) => {
  const suite = describeStack({ mode });
  const { clients } = suite;
  let stack: Stack;
  let llm: FakeOpenAiServer;

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
    await readersCounted(on, room.id, 'fr');
    let said = 0;
    const say = async (count: number) => {
      for (let i = 0; i < count; i++) host.send(transcript(crypto.randomUUID(), `Frase número ${++said}`));
      await viewer.waitFor((c) => c.of('translation').length === said, 10_000, `${said} translations`);
    };
    return { roomId: room.id, say };
  }

  beforeAll(() => {
    ({ stack, llm } = suite);
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
    // Time under test: the shared answer's second must pass before the next ask reaches the model.
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
    const limited = await suite.another({ defaultLimits: true });
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
    const limited = await suite.another({
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

  it('answers GET with an ETag and Cache-Control an edge can keep, and 304 to If-None-Match; POST with the same headers', async () => {
    const { roomId, say } = await liveRoom(stack);
    await say(2);
    const url = `${stack.baseUrl}/api/rooms/${roomId}/summary?lang=fr&sinceSeq=5`;
    const first = await fetch(url);
    const body = await first.json();
    apiContract.assert('GET', '/api/rooms/{roomId}/summary', first.status, body, first.headers.get('content-type'));
    expect(body).toEqual({ summary: '(fr) Summary of 2 lines', fromSeq: 0, upToSeq: 2 });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=5');
    // As a cache revalidates (fetch would add `no-cache` to a conditional request without a Cache-Control of its own).
    const revalidation = { 'if-none-match': String(etag), 'cache-control': 'max-age=0' };
    const again = await fetch(url, { headers: revalidation });
    expect([again.status, await again.text()]).toEqual([304, '']);
    const posted = await summarize(stack, roomId, { lang: 'fr' });
    expect([posted.headers.etag, posted.headers['cache-control']]).toEqual([etag, 'public, max-age=5, stale-while-revalidate=5']);
    // A new transcript version is a new ETag; a refusal is never marked cacheable.
    await say(1);
    // The gateway serves its last answer for a second to those asking just behind: the new one comes after that.
    const fresh = async () => {
      const { status } = await fetch(url, { headers: revalidation });
      return status !== 304 && status;
    };
    expect(await eventually(fresh, { what: 'an answer other than 304', timeoutMs: 5_000 })).toBe(200);
    const refused = await fetch(`${stack.baseUrl}/api/rooms/${roomId}/summary?lang=fr&sinceSeq=10`);
    expect([refused.status, refused.headers.get('cache-control')]).toEqual([409, null]);
    expect(summaryCalls()).toHaveLength(2);
  });

  describe('asked on the socket (summary_request)', () => {
    /** Viewers of the room asking at once; resolves with each one's answer frame (summary or summary_error). */
    async function ask(on: Stack, roomId: string, count: number, request: Record<string, unknown>, viewerId?: string) {
      const viewers = await Promise.all(Array.from({ length: count }, () => LiveClient.connect(on.baseUrl)));
      clients.push(...viewers);
      viewers.forEach((v) => v.send({ type: 'join', roomId, role: 'viewer', lang: 'fr', ...(viewerId && { viewerId }) }));
      await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('joined').length === 1, 5000, 'joined')));
      viewers.forEach((v, i) => v.send({ type: 'summary_request', requestId: `r${i}`, ...request }));
      const answered = (v: LiveClient) => [...v.of('summary'), ...v.of('summary_error')];
      await Promise.all(viewers.map((v) => v.waitFor((c) => answered(c).length === 1, 10_000, 'summary answer')));
      return viewers.map((v) => answered(v)[0]);
    }

    it('answers twenty sockets asking at once with one model call and one frame for all', async () => {
      const { roomId, say } = await liveRoom(stack);
      await say(3);
      llm.reset();
      llm.delay(300);
      const answers = await ask(stack, roomId, 20, { lang: 'fr', sinceSeq: 2 });
      llm.delay(0);
      const frame = { type: 'summary', roomId, lang: 'fr', sinceSeq: 0, summary: '(fr) Summary of 3 lines', fromSeq: 0, upToSeq: 3 };
      expect(answers).toEqual(Array(20).fill(frame));
      expect(summaryCalls()).toHaveLength(1);
    });

    it('refuses a request by its id: nothing to summarise, past a browser share, past the room share', async () => {
      const limited = await suite.another({
        defaultLimits: true,
        gatewayEnv: { SUMMARY_ROOM_BURST: '12', SUMMARY_ROOM_PER_MINUTE: '12' },
      });
      try {
        const { roomId, say } = await liveRoom(limited);
        expect(await ask(limited, roomId, 1, { lang: 'fr' })).toEqual([
          { type: 'summary_error', requestId: 'r0', code: 'nothing_to_summarize', message: 'No translations to summarize' },
        ]);
        await say(1);
        // One browser (its viewerId) on ten sockets gets its 10 a minute; the 11th is refused, with the wait.
        const browser = `browser-${crypto.randomUUID()}`;
        const own = await ask(limited, roomId, 10, { lang: 'fr' }, browser);
        expect(own.map((a) => a.type)).toEqual(Array(10).fill('summary'));
        const [over] = await ask(limited, roomId, 1, { lang: 'fr' }, browser);
        expect(over).toMatchObject({ type: 'summary_error', requestId: 'r0', code: 'over_request_rate_limit' });
        expect((over as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
        // The room's 12 are spent by the first 11 asks and one more: the next browser is refused for the room.
        expect((await ask(limited, roomId, 2, { lang: 'fr' })).map((a) => a.type).sort()).toEqual(['summary', 'summary_error']);
      } finally {
        await limited.close();
      }
    });
  });
});
