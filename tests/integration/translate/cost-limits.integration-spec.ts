import type { Client } from 'pg';
import { LANGUAGE_CODES, type AnalyticsReport, type LanguageCode, type RoomResponse } from '@lt/contracts';
import { eventually, type FakeOpenAiServer, LiveClient } from '@lt/testing';
import { describeStack, readersCounted } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom } from '../dashboard-api';
import { createRoom, MODES, sleep, transcript } from '../helpers';

jest.setTimeout(240_000);

/** The anonymous room's budget (ANON_ROOM_TOKEN_BUDGET's default). */
const BUDGET = 20_000;
/** What an owner lets its room spend after the end: below what the default (2,000) lets it spend here (about 1,000). */
const ALLOWANCE = 800;

/**
 * Attacks on the owner's money from outside the room's owner: a host key's revisions into every language
 * viewers read, and strangers naming languages nobody reads. Each says what the model was asked and spent.
 */
describe.each(MODES)('what a room may spend cannot be outrun (%s mode)', (mode) => {
  let llm: FakeOpenAiServer;
  let stack: Stack;
  let sql: Client;

  // A translator's view of a room's end and allowance lasts ROOM_END_TTL_MS (5 s by default; here less than `settled` waits).
  const suite = describeStack({ mode, translate: { LLM_RPM: '100000', LLM_TPM: '100000000', ROOM_END_TTL_MS: '200' } });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack, llm } = suite);
    sql = await suite.sql();
  });

  beforeEach(() => llm.reset());

  const spent = () => llm.calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
  /** Waits until no call of the model has been made for a second (what was asked is answered). */
  const settled = async () => {
    let seen = -1;
    while (seen !== llm.calls.length || llm.calls.some((c) => c.tokens === undefined)) {
      seen = llm.calls.length;
      // Time under test: a second without a new call is what says the room has stopped spending.
      await sleep(1000);
    }
  };

  it('revisions into 50 languages of an anonymous room never spend past its budget', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Presupuesto');
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    for (let i = 1; i <= 20; i++) host.send(transcript(crypto.randomUUID(), `La ponencia número ${i} sobre el presupuesto de la sala`));
    await host.waitFor((c) => c.of('ack').length === 20, 20_000, 'twenty acks');
    const languages = LANGUAGE_CODES.filter((code: LanguageCode) => code !== 'es').slice(0, 50);
    expect(languages).toHaveLength(50);
    for (const lang of languages) {
      const viewer = await LiveClient.connect(stack.baseUrl);
      clients.push(viewer);
      viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang });
      await viewer.waitFor((c) => c.of('joined').length === 1, 30_000, `${lang} joined`);
    }
    const put = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/glossary`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-host-key': hostKey },
      body: JSON.stringify({ entries: [{ term: 'ponencia', keep: true }] }),
    });
    expect(put.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/glossary/revise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-host-key': hostKey },
        body: JSON.stringify({ lines: 20 }),
      });
      expect([200, 429]).toContain(res.status);
    }
    await settled();
    const charged = await sql.query(`SELECT tokens_used FROM accounts.room_budgets WHERE room_id = $1`, [room.id]);
    console.log(
      `[${mode}] revision attack: ${llm.calls.length} model calls, ${spent()} tokens spent, ${charged.rows[0]?.tokens_used} charged`,
    );
    // Something was translated, and never past the budget, as the provider counted it or as the ledger did.
    expect(spent()).toBeGreaterThan(BUDGET / 2);
    expect(spent()).toBeLessThanOrEqual(BUDGET);
    expect(Number(charged.rows[0].tokens_used)).toBeLessThanOrEqual(BUDGET);
  });

  it('strangers listing questions in 50 languages nobody reads make no model call', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Preguntas');
    const enabled = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/question-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-host-key': hostKey },
      body: JSON.stringify({ enabled: true }),
    });
    expect(enabled.status).toBe(200);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    // Asking takes a viewer socket joined to the room under the caller's id (it reads Spanish, the room's language).
    const asker = crypto.randomUUID();
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', viewerId: asker }, clients);
    const asked = await fetch(`${stack.baseUrl}/api/view/${room.id}/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': asker },
      body: JSON.stringify({ text: '¿Cuándo sale la próxima versión?', lang: 'es' }),
    });
    expect(asked.status).toBe(201);
    await settled();
    const before = llm.calls.length;
    const languages = LANGUAGE_CODES.filter((code: LanguageCode) => code !== 'es').slice(0, 50);
    const answers: { status: number; body: { questions: { text: string; fallback?: string }[] } }[] = [];
    for (const lang of languages) {
      const res = await fetch(`${stack.baseUrl}/api/view/${room.id}/questions?lang=${lang}`, {
        headers: { 'x-client-id': crypto.randomUUID() },
      });
      answers.push({ status: res.status, body: (await res.json()) as (typeof answers)[number]['body'] });
    }
    await settled();
    const calls = llm.calls.slice(before);
    console.log(`[${mode}] question attack: ${calls.length} model calls, ${calls.reduce((s, c) => s + (c.tokens ?? 0), 0)} tokens`);
    expect(calls).toHaveLength(0);
    // Each list came, with the question as asked, marked as the original.
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.questions).toEqual([expect.objectContaining({ text: '¿Cuándo sale la próxima versión?', fallback: 'original' })]);
    }

    // A language a viewer reads now is translated, once.
    const fr = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients);
    expect(fr.of('joined')).toHaveLength(1);
    await readersCounted(stack, room.id, 'fr');
    const res = await fetch(`${stack.baseUrl}/api/view/${room.id}/questions?lang=fr`, { headers: { 'x-client-id': crypto.randomUUID() } });
    expect(((await res.json()) as { questions: { text: string }[] }).questions[0].text).toBe('(fr) ¿Cuándo sale la próxima versión?');
  });

  it('an ended room read in new languages spends at most its allowance from its end', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Terminada');
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    for (let i = 1; i <= 20; i++) host.send(transcript(crypto.randomUUID(), `La frase número ${i} de una sala que termina pronto`));
    await host.waitFor((c) => c.of('ack').length === 20, 20_000, 'twenty acks');
    host.send({ type: 'room_end' });
    await host.waitFor((c) => c.of('room_end').length === 1, 5000, 'room_end');
    await settled();
    const before = llm.calls.length;
    for (const lang of ['de', 'it', 'pt', 'ja']) {
      const viewer = await LiveClient.connect(stack.baseUrl);
      clients.push(viewer);
      viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang });
      await viewer.waitFor((c) => c.frames.some((f) => f.type === 'joined' || f.type === 'error'), 30_000, `${lang} join`);
      // The room's lines in the viewer's language, translated within the allowance or as said.
      await viewer.waitFor((c) => c.of('translation').length === 20, 30_000, `${lang} history`);
    }
    await settled();
    const calls = llm.calls.slice(before);
    const tokens = calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    console.log(`[${mode}] ended room attack: ${calls.length} model calls, ${tokens} tokens after the end`);
    expect(calls.length).toBeGreaterThan(0);
    expect(tokens).toBeLessThanOrEqual(2_000);
  });

  it("an ended room's allowance is set by its owner only, within bounds, and limits what new languages spend", async () => {
    const api = authApi(stack.baseUrl);
    const owner = await newUser(api, 'ended-allowance');
    const { room, hostKey } = await ownedRoom(api, owner, { name: 'Allowance' });
    expect(room.ended_allowance).toBeNull();
    const patch = (body: unknown, token?: string) => api.call<RoomResponse>('PATCH', `/api/rooms/${room.id}`, body, token);
    for (const bad of [-1, 1.5, 'mucho', 1_000_001]) expect((await patch({ ended_allowance: bad }, owner.token)).status).toBe(400);
    const stranger = await newUser(api, 'stranger');
    expect((await patch({ ended_allowance: 1_000_000 }, stranger.token)).status).toBe(404);
    expect((await patch({ ended_allowance: 1_000_000 })).status).toBe(401);
    const byHostKey = await fetch(`${stack.baseUrl}/api/rooms/${room.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-host-key': hostKey },
      body: JSON.stringify({ ended_allowance: 1_000_000 }),
    });
    expect(byHostKey.status).toBe(401);
    const set = await patch({ ended_allowance: ALLOWANCE }, owner.token);
    expect([set.status, set.body.ended_allowance]).toEqual([200, ALLOWANCE]);

    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    for (let i = 1; i <= 20; i++) host.send(transcript(crypto.randomUUID(), `La frase número ${i} de una sala con un límite propio`));
    await host.waitFor((c) => c.of('ack').length === 20, 20_000, 'twenty acks');
    expect((await api.call('POST', `/api/rooms/${room.id}/end`, undefined, owner.token)).status).toBe(200);
    await settled();
    const before = llm.calls.length;
    for (const lang of ['de', 'it', 'pt', 'ja']) {
      const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang }, clients);
      expect(viewer.of('joined')).toHaveLength(1);
    }
    await settled();
    const calls = llm.calls.slice(before);
    const tokens = calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    console.log(`[${mode}] ended room with an allowance of ${ALLOWANCE}: ${calls.length} model calls, ${tokens} tokens after the end`);
    expect(calls.length).toBeGreaterThan(0);
    expect(tokens).toBeLessThanOrEqual(ALLOWANCE);

    // The owner's analytics say what the room may spend after its end and what it spent.
    const report = await eventually(async () => {
      const res = await api.call<AnalyticsReport>('GET', `/api/rooms/${room.id}/analytics`, undefined, owner.token);
      return res.status === 200 && res.body.ended?.spent === tokens && res.body;
    });
    expect(report.ended).toMatchObject({ allowance: ALLOWANCE, spent: tokens });
  });

  it('an edit of an ended room does not start its allowance over: what was spent since its end still counts', async () => {
    const api = authApi(stack.baseUrl);
    const owner = await newUser(api, 'ended-edit');
    // Its allowance set by its owner as the room is made (an anonymous room cannot send one).
    const { room } = await ownedRoom(api, owner, { name: 'Edited after its end', ended_allowance: 100_000 });
    expect(room.ended_allowance).toBe(100_000);
    expect((await api.call('POST', '/api/rooms', { name: 'Anonymous', ended_allowance: 100_000 })).status).toBe(400);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    for (let i = 1; i <= 5; i++) host.send(transcript(crypto.randomUUID(), `La frase número ${i} de una sala editada después`));
    await host.waitFor((c) => c.of('ack').length === 5, 20_000, 'five acks');
    expect((await api.call('POST', `/api/rooms/${room.id}/end`, undefined, owner.token)).status).toBe(200);
    await settled();
    let before = llm.calls.length;
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'de' }, clients);
    await settled();
    const afterEnd = llm.calls.slice(before).reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    expect(afterEnd).toBeGreaterThan(0);

    // The owner edits the ended room, setting its allowance to what it has spent since the end: nothing more to spend.
    const edit = await api.call<RoomResponse>(
      'PATCH',
      `/api/rooms/${room.id}`,
      { name: 'Renamed', ended_allowance: afterEnd },
      owner.token,
    );
    expect(edit.status).toBe(200);
    // What translators saw of the room before the edit is older than ROOM_END_TTL_MS once a quiet second has passed.
    await settled();
    before = llm.calls.length;
    await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'it' }, clients);
    await settled();
    expect(llm.calls.slice(before).filter((c) => c.tokens !== undefined)).toHaveLength(0);
  });
});
