import type { AnalyticsReport, LiveAnalytics } from '@lt/contracts';
import { LiveRooms } from '@lt/gateway';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(90_000);

const VIEWER = { a: 'viewer-a-0001', b: 'viewer-b-0002', c: 'viewer-c-0003' };
const HUNG = 'se cuelga';

/**
 * A room's analytics are what happened in it, per minute: the test has viewers join in two languages, the
 * host speak, a viewer ask for a summary, a sentence time out to the original, and reads back exactly those
 * figures, with the tokens the fake language model reported, from the API and its CSV.
 */
describe.each(MODES)('room analytics (%s mode)', (mode) => {
  /** Every service that counts analytics sends them this often (ms). */
  const ANALYTICS_FLUSH_MS = '300';
  const suite = describeStack({
    mode,
    translate: { TRANSLATION_DEADLINE_MS: '2500', ANALYTICS_FLUSH_MS },
    rooms: { ANALYTICS_FLUSH_MS },
    tts: { ANALYTICS_FLUSH_MS },
    asr: { ANALYTICS_FLUSH_MS },
  });
  let api: Api;
  let owner: TestUser;

  beforeAll(async () => {
    // Paced like a real model: first token after 300 ms, then 30 tokens a second.
    suite.llm.pace({ firstTokenMs: 300, tokensPerSecond: 30 });
    api = authApi(suite.baseUrl);
    owner = await newUser(api, 'analytics-owner');
  });

  const report = (roomId: string, token = owner.token) =>
    api.call<AnalyticsReport>('GET', `/api/rooms/${roomId}/analytics`, undefined, token);

  it('records viewers per language, unique viewers, sentences, caption delay, tokens by task and originals per minute', async () => {
    const { room, hostKey } = await ownedRoom(api, owner, { name: 'Keynote, day 1', source_language: 'es' });
    const host = await suite.join({ roomId: room.id, role: 'host', hostKey });
    host.send({ type: 'room_start' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');

    const a = await suite.join({ roomId: room.id, role: 'viewer', lang: 'fr', viewerId: VIEWER.a });
    await suite.join({ roomId: room.id, role: 'viewer', lang: 'fr', viewerId: VIEWER.b });
    await suite.join({ roomId: room.id, role: 'viewer', lang: 'de', viewerId: VIEWER.c });
    // The same browser again, after it left: one more visit, not one more viewer.
    a.close();
    const gateway = suite.stack.gateways[0].app.get(LiveRooms);
    await eventually(() => !gateway.holdsViewer(room.id, VIEWER.a), 'the gateway to see the first visit end');
    await suite.join({ roomId: room.id, role: 'viewer', lang: 'fr', viewerId: VIEWER.a });

    const live = await eventually(
      async () => {
        const res = await api.call<LiveAnalytics>('GET', `/api/rooms/${room.id}/analytics/live`, undefined, owner.token);
        return res.body.total === 3 ? res.body : undefined;
      },
      { what: 'three viewers now', timeoutMs: 30_000 },
    );
    expect(live.viewers).toEqual({ fr: 2, de: 1 });

    const sentences = ['hola a todos', 'bienvenidos a la conferencia', 'empezamos ahora'];
    host.send(transcript(crypto.randomUUID(), sentences[0], { enhance: true }));
    for (const text of sentences.slice(1)) host.send(transcript(crypto.randomUUID(), text));
    await host.waitFor((c) => c.of('ack').length === 3, 5000, 'acks');
    const summary = await fetch(`${suite.baseUrl}/api/rooms/${room.id}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(summary.status).toBe(200);
    suite.llm.hangWhen(HUNG);
    host.send(transcript(crypto.randomUUID(), `${HUNG} esta frase`));
    await host.waitFor((c) => c.of('ack').length === 4, 5000, 'ack of the hung sentence');

    const tokensOf = (task: string) => suite.llm.calls.filter((c) => c.task === task).reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    const expectedTokens = { translation: tokensOf('translation'), enhancement: tokensOf('enhancement'), summary: tokensOf('summary') };
    expect(Object.values(expectedTokens).every((n) => n > 0)).toBe(true);
    const body = await eventually(
      async () => {
        const res = await report(room.id);
        const t = res.body.totals;
        const done = t.sentences === 4 && t.original === 2 && t.tokens_by_task.summary === expectedTokens.summary;
        return done && t.tokens_by_task.translation === tokensOf('translation') ? res.body : undefined;
      },
      { what: 'the figures written', timeoutMs: 30_000 },
    );

    const { totals } = body;
    expect(body.room).toMatchObject({ id: room.id, name: 'Keynote, day 1' });
    expect(body.step).toBe('minute');
    expect(totals).toMatchObject({ peak_viewers: 3, unique_viewers: 3, sentences: 4, fallback: 0, original: 2 });
    expect(totals.tokens_by_task).toEqual({ ...expectedTokens, translation: tokensOf('translation') });
    expect(totals.tokens).toBe(tokensOf('translation') + expectedTokens.enhancement + expectedTokens.summary);
    expect(totals.languages).toEqual(['de', 'fr']);
    // Paced like a real model, no caption comes before its first token; the hung one came at the deadline.
    for (const lang of ['fr', 'de'] as const) {
      expect(totals.delay_by_language[lang]?.p50).toBeGreaterThanOrEqual(300);
      expect(totals.delay_by_language[lang]?.p95).toBeGreaterThanOrEqual(2_500);
    }
    const peak = body.points.reduce((most, p) => Math.max(most, (p.viewers.fr ?? 0) + (p.viewers.de ?? 0)), 0);
    expect(peak).toBe(3);
    expect(Math.max(...body.points.map((p) => p.viewers.fr ?? 0))).toBe(2);
    expect(body.points.reduce((sum, p) => sum + p.sentences, 0)).toBe(4);
    // Per minute, never per sentence: a handful of rows however much was said.
    const { rows } = await (await suite.sql()).query(`SELECT count(*)::int AS n FROM rooms.room_minutes WHERE room_id = $1`, [room.id]);
    expect(rows[0].n).toBeLessThanOrEqual(2);

    const csvOf = (query: string) =>
      fetch(`${suite.baseUrl}/api/rooms/${room.id}/analytics.csv${query}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const totalsCsv = await csvOf('?table=totals');
    expect(totalsCsv.status).toBe(200);
    expect(totalsCsv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(totalsCsv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="analytics-Keynote-day-1-totals-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const totalLines = (await totalsCsv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(totalLines).toEqual(
      expect.arrayContaining(['room,"Keynote, day 1"', 'sentences,4', 'unique_viewers,3', 'peak_viewers,3', 'original,2']),
    );
    expect(totalLines).toContain(`tokens_summary,${expectedTokens.summary}`);
    // One table per file: the minutes come in a file of their own (the default).
    const stepsCsv = await csvOf('');
    expect(stepsCsv.headers.get('content-disposition')).toMatch(/^attachment; filename="analytics-Keynote-day-1-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await stepsCsv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0].split(',')).toEqual(
      expect.arrayContaining(['minute', 'viewers', 'viewers_de', 'viewers_fr', 'sentences', 'delay_p50_ms_fr', 'tokens_translation']),
    );
    expect(lines.slice(1).filter(Boolean)).toHaveLength(body.points.length);
    expect((await csvOf('?table=everything')).status).toBe(400);

    const all = await api.call<AnalyticsReport>(
      'GET',
      '/api/admin/analytics',
      undefined,
      (await newUser(api, 'admin', 'admin@example.com')).token,
    );
    expect(all.status).toBe(200);
    expect(all.body.step).toBe('day');
    expect(all.body.totals.sentences).toBeGreaterThanOrEqual(4);
    expect(all.body.totals.tokens_by_task.summary).toBeGreaterThanOrEqual(expectedTokens.summary);
  });

  it("answers a room's analytics to its owner and its host key only", async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Private' });
    const other = await newUser(api, 'analytics-other');
    expect((await report(room.id)).status).toBe(200);
    expect((await report(room.id, other.token)).status).toBe(404);
    expect((await api.send('GET', `/api/rooms/${room.id}/analytics`)).status).toBe(401);
    expect(
      (await api.send('GET', `/api/rooms/${room.id}/analytics.csv`, { headers: { authorization: `Bearer ${other.token}` } })).status,
    ).toBe(404);
    expect((await api.send('GET', `/api/rooms/${room.id}/analytics/live`, { headers: { 'x-host-key': 'k'.repeat(32) } })).status).toBe(403);
    expect(
      (await api.send('GET', `/api/rooms/${crypto.randomUUID()}/analytics`, { headers: { authorization: `Bearer ${owner.token}` } }))
        .status,
    ).toBe(404);
    expect((await api.call('GET', '/api/admin/analytics', undefined, owner.token)).status).toBe(403);

    const anonymous = await createRoom(suite.baseUrl, 'Walk-in');
    const withKey = await api.send<AnalyticsReport>('GET', `/api/rooms/${anonymous.room.id}/analytics`, {
      headers: { 'x-host-key': anonymous.hostKey },
    });
    expect(withKey.status).toBe(200);
    expect(withKey.body.totals).toMatchObject({ sentences: 0, peak_viewers: 0, unique_viewers: 0, tokens: 0 });
    expect(withKey.body.points).toEqual([]);
    expect((await report(anonymous.room.id)).status).toBe(404);
  });
});
