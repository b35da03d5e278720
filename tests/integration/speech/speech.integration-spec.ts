import { fakeMp3, LiveClient, type FakeGoogleTtsServer, type FakeOpenAiServer } from '@lt/testing';
import { describeStack, readersCounted } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { fakeSpeechProvider } from '../fake-speech';
import { createRoom, MODES, transcript } from '../helpers';
import { apiContract } from '../api-contract';

jest.setTimeout(40_000);

async function audio(stack: Stack, roomId: string, messageId: string, lang: string, clientId?: string) {
  const res = await fetch(`${stack.baseUrl}/api/rooms/${roomId}/messages/${messageId}/audio?lang=${lang}`, {
    headers: clientId ? { 'x-client-id': clientId } : {},
  });
  const type = res.headers.get('content-type');
  const body = type?.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  apiContract.assert('GET', '/api/rooms/{roomId}/messages/{messageId}/audio', res.status, Buffer.isBuffer(body) ? '' : body, type);
  return { status: res.status, type, body, cache: res.headers.get('cache-control'), retryAfter: res.headers.get('retry-after') };
}

describe.each(MODES)('a message read aloud (%s mode)', (mode) => {
  const speech = fakeSpeechProvider();
  const suite = describeStack(() => ({ mode, tts: speech.env() }));
  const { clients } = suite;
  let llm: FakeOpenAiServer;
  let google: FakeGoogleTtsServer;
  let stack: Stack;

  /** A started room where the host said one sentence, read by a French viewer. */
  async function spokenRoom(on: Stack, text: string) {
    const { room, hostKey } = await createRoom(on.baseUrl, 'Read aloud');
    const host = await LiveClient.connect(on.baseUrl);
    const viewer = await LiveClient.connect(on.baseUrl);
    clients.push(host, viewer);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: 'fr' });
    await host.waitFor((c) => c.of('joined').length === 1, 5000, 'host joined');
    await viewer.waitFor((c) => c.of('joined').length === 1, 5000, 'viewer joined');
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await readersCounted(on, room.id, 'fr');
    const messageId = crypto.randomUUID();
    host.send(transcript(messageId, text));
    await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'translation');
    return { roomId: room.id, messageId };
  }

  beforeAll(() => {
    ({ stack, llm } = suite);
    google = speech.server;
  });

  it('synthesises each (message, language) once for fifty listeners at once, and keeps it', async () => {
    const { roomId, messageId } = await spokenRoom(stack, 'Buenas tardes a todos');
    google.calls.length = 0;
    google.delay(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => audio(stack, roomId, messageId, 'fr')));
    google.delay(0);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => (a.body as Buffer).toString('base64')))).toEqual(
      new Set([fakeMp3('(fr) Buenas tardes a todos').toString('base64')]),
    );
    expect(answers[0]).toMatchObject({ type: 'audio/mpeg', cache: 'public, max-age=86400, immutable' });
    expect(google.calls).toEqual([
      { text: '(fr) Buenas tardes a todos', languageCode: 'fr-FR', audioEncoding: 'MP3', apiKey: 'google-test-key' },
    ]);

    expect((await audio(stack, roomId, messageId, 'fr')).status).toBe(200);
    expect(google.calls).toHaveLength(1);
    const spanish = await audio(stack, roomId, messageId, 'es');
    expect((spanish.body as Buffer).equals(fakeMp3('Buenas tardes a todos'))).toBe(true);
    expect(google.calls.map((c) => c.languageCode)).toEqual(['fr-FR', 'es-ES']);
    // German had no viewer: its translation is made now, once, then read.
    const before = llm.calls.length;
    await audio(stack, roomId, messageId, 'de');
    expect(llm.calls.length - before).toBe(1);
    expect(google.calls.map((c) => c.text)).toContain('(de) Buenas tardes a todos');
  });

  it('tries a failing provider again, answers 404 for an unknown message and 400 for a bad language', async () => {
    const { roomId, messageId } = await spokenRoom(stack, 'Segunda frase');
    google.fail(1);
    const calls = google.calls.length;
    expect((await audio(stack, roomId, messageId, 'fr')).status).toBe(200);
    expect(google.calls.length - calls).toBe(2);
    expect(await audio(stack, roomId, 'no-such-message', 'fr')).toMatchObject({ status: 404, body: { error: { code: 'room_not_found' } } });
    expect(await audio(stack, crypto.randomUUID(), messageId, 'fr')).toMatchObject({ status: 404 });
    expect(await audio(stack, roomId, messageId, 'xx')).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });

  it("reads Arabic and Chinese with Google's voices for them, and sends a language Google cannot voice to the browser", async () => {
    const { roomId, messageId } = await spokenRoom(stack, 'Quinta frase');
    google.calls.length = 0;
    expect((await audio(stack, roomId, messageId, 'ar')).status).toBe(200);
    expect((await audio(stack, roomId, messageId, 'zh-Hant')).status).toBe(200);
    expect(google.calls.map((c) => [c.languageCode, c.text])).toEqual([
      ['ar-XA', '(ar) Quinta frase'],
      ['cmn-TW', '(zh-Hant) Quinta frase'],
    ]);
    const calls = llm.calls.length;
    expect(await audio(stack, roomId, messageId, 'fa')).toMatchObject({ status: 404, body: { error: { code: 'tts_no_voice' } } });
    // Nothing is spent on a language it cannot read: no translation, no synthesis.
    expect(llm.calls.length).toBe(calls);
    expect(google.calls).toHaveLength(2);
  });

  it('uses the openai speech endpoint when TTS_PROVIDER is openai, and says so when there is none', async () => {
    const openai = await suite.another({
      tts: { TTS_PROVIDER: 'openai', OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'test-key', OPENAI_TTS_MODEL: 'tts-test' },
    });
    try {
      const { roomId, messageId } = await spokenRoom(openai, 'Tercera frase');
      const answer = await audio(openai, roomId, messageId, 'fr');
      expect((answer.body as Buffer).equals(fakeMp3('(fr) Tercera frase'))).toBe(true);
      expect(llm.speechCalls.at(-1)).toEqual({ model: 'tts-test', voice: 'alloy', input: '(fr) Tercera frase', response_format: 'mp3' });
    } finally {
      await openai.close();
    }
    const none = await suite.another({ tts: undefined });
    try {
      const { roomId, messageId } = await spokenRoom(none, 'Cuarta frase');
      expect(await audio(none, roomId, messageId, 'fr')).toMatchObject({ status: 404, body: { error: { code: 'tts_not_configured' } } });
    } finally {
      await none.close();
    }
  });

  it('refuses one client id flooding audio with the default limits, not its neighbours behind the same address', async () => {
    const limited = await suite.another({ defaultLimits: true });
    try {
      const { roomId, messageId } = await spokenRoom(limited, 'Quinta frase');
      const flooder = `flood-${crypto.randomUUID()}`;
      const statuses = [];
      for (let i = 0; i < 60; i++) statuses.push((await audio(limited, roomId, messageId, 'fr', flooder)).status);
      expect(statuses).toEqual(Array(60).fill(200));
      const refused = await audio(limited, roomId, messageId, 'fr', flooder);
      expect(refused).toMatchObject({ status: 429, body: { error: { code: 'over_request_rate_limit' } } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      const neighbours = await Promise.all(Array.from({ length: 100 }, () => audio(limited, roomId, messageId, 'fr', crypto.randomUUID())));
      expect(neighbours.filter((a) => a.status !== 200)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
