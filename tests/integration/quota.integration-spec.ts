import { Client } from 'pg';
import { createTestDatabase, FakeOpenAiServer, LiveClient, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';
import { authApi } from './auth-api';
import { joined, newUser, ownedRoom, type Api } from './dashboard-api';
import { MODES, sleep, transcript } from './helpers';

jest.setTimeout(60_000);

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.each(MODES)('token quotas (%s mode)', (mode) => {
  let db: TestDatabase;
  let llm: FakeOpenAiServer;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  const clients: LiveClient[] = [];

  const tokensUsed = async (token: string) => Number((await api.profile(token)).body.tokens_used);

  /** An owned room the owner hosts from its session, started, with a French viewer. */
  async function liveRoom(tag: string) {
    const owner = await newUser(api, tag);
    const { room } = await ownedRoom(api, owner);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    expect(host.of('joined')).toHaveLength(1);
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await sleep(100);
    return { owner, roomId: room.id, host, viewer };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    llm = new FakeOpenAiServer();
    await llm.start();
    stack = await startStack({ mode, databaseUrl: db.url, llmUrl: llm.url });
    api = authApi(stack.baseUrl);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await sql?.end();
    await stack?.close();
    await llm?.stop();
    await db?.drop();
  });

  beforeEach(() => llm.reset());

  it('charges the owner exactly the usage the language model reported, once per call', async () => {
    const { owner, roomId, host, viewer } = await liveRoom('charged');
    await joined(stack.baseUrl, { roomId, role: 'viewer', lang: 'de' }, clients);
    await sleep(100);
    for (let i = 1; i <= 3; i++) host.send(transcript(crypto.randomUUID(), `Frase cobrada ${i}`));
    await viewer.waitFor((c) => c.of('translation').length === 3, 10_000, 'three translations');
    const summary = await fetch(`${stack.baseUrl}/api/rooms/${roomId}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(summary.status).toBe(200);
    await until('every translation and the summary made', async () => (llm.calls.filter((c) => c.tokens).length === 7 ? true : undefined));
    const expected = llm.calls.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
    expect(expected).toBeGreaterThan(0);
    await until(`tokens_used = ${expected}`, async () => ((await tokensUsed(owner.token)) === expected ? true : undefined));
    const ledger = await sql.query(
      `SELECT event_type, count(*)::int AS n, sum(tokens)::int AS tokens FROM accounts.token_usage WHERE user_id = $1 GROUP BY 1 ORDER BY 1`,
      [owner.userId],
    );
    expect(ledger.rows.map((r) => [r.event_type, r.n])).toEqual([
      ['summary', 1],
      ['translation', 6],
    ]);
    await sleep(500);
    expect(await tokensUsed(owner.token)).toBe(expected);
  });

  it('pauses translation when the quota is spent, keeps the original flowing, and resumes after an admin reset', async () => {
    const { owner, host, viewer } = await liveRoom('spent');
    // Room for one call's hold (its estimate, ~250 tokens here) but not for a second once the first spent ~150.
    await sql.query(`UPDATE accounts.profiles SET token_quota = 350 WHERE id = $1`, [owner.userId]);
    host.send(transcript(crypto.randomUUID(), 'Primera frase'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first translation');
    expect(viewer.of('translation')[0]).toMatchObject({ text: '(fr) Primera frase' });
    await until('the first call charged', async () => ((await tokensUsed(owner.token)) > 1 ? true : undefined));

    host.send(transcript(crypto.randomUUID(), 'Segunda frase'));
    await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'second line');
    expect(viewer.of('translation')[1]).toMatchObject({ text: '[Original] Segunda frase', fallback: 'original' });
    expect(llm.calls.filter((c) => c.task === 'translation')).toHaveLength(1);

    const admin = await newUser(api, 'admin', 'admin@example.com');
    expect((await api.call('POST', `/api/admin/users/${owner.userId}/reset-tokens`, undefined, admin.token)).status).toBe(200);
    await sleep(2_100);
    host.send(transcript(crypto.randomUUID(), 'Tercera frase'));
    await viewer.waitFor((c) => c.of('translation').length === 3, 5000, 'third translation');
    expect(viewer.of('translation')[2]).toMatchObject({ text: '(fr) Tercera frase' });
  });

  it('gives an anonymous room a budget of its own', async () => {
    const small = await startStack({ mode, databaseUrl: db.url, llmUrl: llm.url, accounts: { ANON_ROOM_TOKEN_BUDGET: 250 } });
    try {
      const res = await fetch(`${small.baseUrl}/api/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const { room, hostKey } = (await res.json()) as { room: { id: string }; hostKey: string };
      const host = await joined(small.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
      const viewer = await joined(small.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients);
      host.send({ type: 'room_start', sourceLanguage: 'es' });
      await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
      await sleep(100);
      host.send(transcript(crypto.randomUUID(), 'Hola'));
      await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first');
      await until('the budget charged', async () => {
        const { rows } = await sql.query(`SELECT tokens_used FROM accounts.room_budgets WHERE room_id = $1`, [room.id]);
        return rows[0]?.tokens_used > 1 ? true : undefined;
      });
      host.send(transcript(crypto.randomUUID(), 'Adiós'));
      await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'second');
      expect(viewer.of('translation')[1]).toMatchObject({ fallback: 'original' });
    } finally {
      await small.close();
    }
  });
});
