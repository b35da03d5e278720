import type { Client } from 'pg';
import type { FakeOpenAiServer } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, speak, type Api, type TestUser } from '../dashboard-api';
import { MODES, transcript } from '../helpers';

jest.setTimeout(40_000);

const RLM = '\u200f';
const RLI = '\u2067';
const PDI = '\u2069';

const SENTENCES = [
  { id: '99999999-9999-4999-8999-999999999991', text: 'Bienvenidos a la conferencia', at: '2025-05-01T07:31:00.000Z', confidence: 0.95 },
  { id: '99999999-9999-4999-8999-999999999992', text: 'Empezamos con el primer ponente', at: '2025-05-01T07:31:04.000Z', confidence: 0.9 },
];

describe.each(MODES)('languages beyond the original seven (%s mode)', (mode) => {
  let llm: FakeOpenAiServer;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;

  const suite = describeStack({ mode });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack, llm } = suite);
    api = authApi(stack.baseUrl);
    sql = await suite.sql();
    owner = await newUser(api, 'languages');
  });

  /** A started room of the owner, spoken in `source`, with viewers already in `langs`. */
  async function liveRoom(source: string, langs: string[]) {
    const { room } = await ownedRoom(api, owner, { name: 'Multilingual', source_language: source });
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    const viewers = await Promise.all(langs.map((lang) => joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang }, clients)));
    host.send({ type: 'room_start', sourceLanguage: source });
    await viewers[0].waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    return { roomId: room.id, host, viewers };
  }

  it('translates for viewers in Arabic, Traditional Chinese and Swahili, and stores each translation', async () => {
    llm.reset();
    const { roomId, host, viewers } = await liveRoom('es', ['ar', 'zh-Hant', 'sw']);
    await speak(host, SENTENCES);
    for (const [viewer, lang] of [
      [viewers[0], 'ar'],
      [viewers[1], 'zh-Hant'],
      [viewers[2], 'sw'],
    ] as const) {
      await viewer.waitFor((c) => c.of('translation').length === 2, 5000, `translations in ${lang}`);
      expect(viewer.of('translation').map((t) => [t.seq, t.lang, t.text, t.fallback])).toEqual([
        [1, lang, `(${lang}) Bienvenidos a la conferencia`, undefined],
        [2, lang, `(${lang}) Empezamos con el primer ponente`, undefined],
      ]);
    }
    // The prompt names each language by its English name and its full code.
    expect(
      llm.calls
        .filter((c) => c.task === 'translation')
        .map((c) => c.target)
        .sort(),
    ).toEqual(['ar', 'ar', 'sw', 'sw', 'zh-Hant', 'zh-Hant']);
    expect(llm.calls.find((c) => c.target === 'zh-Hant')?.system).toContain('Traditional Chinese (zh-Hant)');
    const stored = await sql.query(
      'SELECT lang, count(*)::int AS n FROM translate.translations WHERE room_id = $1 GROUP BY lang ORDER BY lang',
      [roomId],
    );
    expect(stored.rows).toEqual([
      { lang: 'ar', n: 2 },
      { lang: 'sw', n: 2 },
      { lang: 'zh-Hant', n: 2 },
    ]);

    // A viewer switching to Hebrew gets the room's history in Hebrew.
    viewers[2].send({ type: 'set_language', lang: 'he' });
    await viewers[2].waitFor((c) => c.of('translation').filter((t) => t.lang === 'he').length === 2, 5000, 'history in Hebrew');
  });

  it('summarises in a new language and stores the summary under its full code', async () => {
    llm.reset();
    const { roomId, host, viewers } = await liveRoom('es', ['zh-Hant']);
    await speak(host, SENTENCES);
    await viewers[0].waitFor((c) => c.of('translation').length === 2, 5000, 'translations');
    const res = await fetch(`${stack.baseUrl}/api/rooms/${roomId}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'zh-Hant' }),
    });
    const body = await res.json();
    apiContract.assert('POST', '/api/rooms/{roomId}/summary', res.status, body, res.headers.get('content-type'));
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ summary: '(zh-Hant) Summary of 2 lines', upToSeq: 2 });
    const stored = await sql.query('SELECT lang FROM translate.summaries WHERE room_id = $1', [roomId]);
    expect(stored.rows).toEqual([{ lang: 'zh-Hant' }]);
  });

  it('exports a right-to-left transcript with its direction marked', async () => {
    const { roomId, host, viewers } = await liveRoom('es', ['ar']);
    await speak(host, SENTENCES);
    await viewers[0].waitFor((c) => c.of('translation').length === 2, 5000, 'translations');
    const download = async (path: string) => {
      const res = await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
      const text = await res.text();
      apiContract.assert('GET', path, res.status, text, res.headers.get('content-type'));
      return { status: res.status, text };
    };
    const txt = await download(`/api/rooms/${roomId}/transcript.txt?lang=ar`);
    expect(txt.status).toBe(200);
    expect(txt.text).toContain(`Idioma: ${RLI}العربية${PDI} (ar)\n`);
    expect(txt.text).toContain(`[07:31:00] (Alta confianza) ${RLI}(ar) Bienvenidos a la conferencia${PDI}\n`);
    const srt = await download(`/api/rooms/${roomId}/transcript.srt?lang=ar`);
    expect(srt.text.split('\n').slice(0, 3)).toEqual(['1', '00:00:00,000 --> 00:00:04,000', `${RLM}(ar) Bienvenidos a la conferencia`]);
    const vtt = await download(`/api/rooms/${roomId}/transcript.vtt?lang=ar`);
    expect(vtt.text).toContain(`\n${RLM}(ar) Empezamos con el primer ponente\n`);
    // In its spoken language (Spanish) nothing is marked.
    expect((await download(`/api/rooms/${roomId}/transcript.srt`)).text).not.toContain(RLM);
  });

  it('lets a host speak Arabic, and refuses a language browsers cannot transcribe', async () => {
    const { host, viewers } = await liveRoom('ar', ['ar', 'fr']);
    host.send(transcript('99999999-9999-4999-8999-999999999993', 'مرحبا بكم جميعا', { sourceLanguage: 'ar' }));
    await viewers[1].waitFor((c) => c.of('translation').length === 1, 5000, 'French translation');
    expect(viewers[1].of('translation')[0]).toMatchObject({ text: '(fr) مرحبا بكم جميعا', sourceLanguage: 'ar' });
    await viewers[0].waitFor((c) => c.of('translation').length === 1, 5000, 'Arabic as spoken');
    expect(viewers[0].of('translation')[0]).toMatchObject({ text: 'مرحبا بكم جميعا', lang: 'ar' });

    const welsh = await api.call('POST', '/api/rooms', { name: 'Cymraeg', source_language: 'cy' }, owner.token);
    expect(welsh.status).toBe(400);
    host.send(transcript('99999999-9999-4999-8999-999999999994', 'Bore da', { sourceLanguage: 'cy' }));
    await host.waitFor((c) => c.of('error').length === 1, 5000, 'refusal');
    expect(host.of('error')[0]).toMatchObject({ code: 'bad_frame' });
  });
});
