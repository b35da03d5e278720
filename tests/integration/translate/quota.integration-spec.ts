import type { Client } from 'pg';
import { eventually } from '@lt/testing';
import { describeStack, readersCounted } from '../../support/describe-stack';
import { startStack } from '../../support/stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api } from '../dashboard-api';
import { MODES, transcript } from '../helpers';

jest.setTimeout(60_000);

describe.each(MODES)('token quotas (%s mode)', (mode) => {
  // What translate-svc heard of a room's spending lapses soon: a reset is seen at once (ROOM_SPENDING_TTL_MS, 2 s by default).
  const suite = describeStack({ mode, translate: { ROOM_SPENDING_TTL_MS: '100' } });
  let api: Api;
  let sql: Client;

  const tokensUsed = async (token: string) => Number((await api.profile(token)).body.tokens_used);

  /** An owned room the owner hosts from its session, started, with a French viewer. */
  async function liveRoom(tag: string) {
    const owner = await newUser(api, tag);
    const { room } = await ownedRoom(api, owner);
    const host = await suite.join({ roomId: room.id, role: 'host', accessToken: owner.token });
    expect(host.of('joined')).toHaveLength(1);
    const viewer = await suite.join({ roomId: room.id, role: 'viewer', lang: 'fr' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr');
    return { owner, roomId: room.id, host, viewer };
  }

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    sql = await suite.sql();
  });

  beforeEach(() => suite.llm.reset());

  it('charges the owner exactly the usage the language model reported, once per call', async () => {
    const { owner, roomId, host, viewer } = await liveRoom('charged');
    const { baseUrl, llm } = suite;
    await suite.join({ roomId, role: 'viewer', lang: 'de' });
    await suite.readers(roomId, 'de');
    for (let i = 1; i <= 3; i++) host.send(transcript(crypto.randomUUID(), `Frase cobrada ${i}`));
    await viewer.waitFor((c) => c.of('translation').length === 3, 10_000, 'three translations');
    const summary = await fetch(`${baseUrl}/api/rooms/${roomId}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(summary.status).toBe(200);
    await eventually(() => llm.calls.filter((c) => c.tokens).length === 7, 'every translation and the summary made');
    const expected = llm.calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    expect(expected).toBeGreaterThan(0);
    await eventually(async () => (await tokensUsed(owner.token)) === expected, `tokens_used = ${expected}`);
    const ledger = await sql.query(
      `SELECT event_type, count(*)::int AS n, sum(tokens)::int AS tokens FROM accounts.token_usage WHERE user_id = $1 GROUP BY 1 ORDER BY 1`,
      [owner.userId],
    );
    expect(ledger.rows.map((r) => [r.event_type, r.n])).toEqual([
      ['summary', 1],
      ['translation', 6],
    ]);
    // A sentence said after them marks the end: a second charge of one before would land before its charge.
    host.send(transcript(crypto.randomUUID(), 'Frase cobrada al final'));
    await eventually(() => llm.calls.filter((c) => c.tokens).length === 9, 'the last sentence translated');
    const total = llm.calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    await eventually(async () => (await tokensUsed(owner.token)) >= total, `tokens_used ≥ ${total}`);
    expect(await tokensUsed(owner.token)).toBe(total);
  });

  it('pauses translation when the quota is spent, keeps the original flowing, and resumes after an admin reset', async () => {
    const { owner, host, viewer } = await liveRoom('spent');
    // Room for one call's hold (its estimate, ~250 tokens here) but not for a second once the first spent ~150.
    await sql.query(`UPDATE accounts.profiles SET token_quota = 350 WHERE id = $1`, [owner.userId]);
    host.send(transcript(crypto.randomUUID(), 'Primera frase'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first translation');
    expect(viewer.of('translation')[0]).toMatchObject({ text: '(fr) Primera frase' });
    await eventually(async () => (await tokensUsed(owner.token)) > 1, 'the first call charged');

    host.send(transcript(crypto.randomUUID(), 'Segunda frase'));
    await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'second line');
    expect(viewer.of('translation')[1]).toMatchObject({ text: '[Original] Segunda frase', fallback: 'original' });
    expect(suite.llm.calls.filter((c) => c.task === 'translation')).toHaveLength(1);

    const admin = await newUser(api, 'admin', 'admin@example.com');
    expect((await api.call('POST', `/api/admin/users/${owner.userId}/reset-tokens`, undefined, admin.token)).status).toBe(200);
    // The reset is seen once translate-svc's last answer on the room's spending lapses: a sentence said before is read untranslated.
    const third = await eventually(async () => {
      const messageId = crypto.randomUUID();
      host.send(transcript(messageId, 'Tercera frase'));
      await viewer.waitFor((c) => c.of('translation').some((t) => t.messageId === messageId), 5000, 'third translation');
      return viewer.of('translation').find((t) => t.messageId === messageId && !t.fallback);
    }, 'translation resumed after the reset');
    expect(third).toMatchObject({ text: '(fr) Tercera frase' });
  });

  it('gives an anonymous room a budget of its own', async () => {
    const small = await startStack({ mode, databaseUrl: suite.db.url, llmUrl: suite.llm.url, accounts: { ANON_ROOM_TOKEN_BUDGET: 250 } });
    try {
      const res = await fetch(`${small.baseUrl}/api/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const { room, hostKey } = (await res.json()) as { room: { id: string }; hostKey: string };
      const host = await joined(small.baseUrl, { roomId: room.id, role: 'host', hostKey }, suite.clients);
      const viewer = await joined(small.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, suite.clients);
      host.send({ type: 'room_start', sourceLanguage: 'es' });
      await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
      await readersCounted(small, room.id, 'fr');
      host.send(transcript(crypto.randomUUID(), 'Hola'));
      await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first');
      await eventually(async () => {
        const { rows } = await sql.query(`SELECT tokens_used FROM accounts.room_budgets WHERE room_id = $1`, [room.id]);
        return rows[0]?.tokens_used > 1;
      }, 'the budget charged');
      host.send(transcript(crypto.randomUUID(), 'Adiós'));
      await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'second');
      expect(viewer.of('translation')[1]).toMatchObject({ fallback: 'original' });
    } finally {
      await small.close();
    }
  });
});
