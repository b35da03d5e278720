import { Client } from 'pg';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api } from '../dashboard-api';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(60_000);

/**
 * What a room's sockets learn beyond the sentences: the host's log after a reload, whether the host is
 * connected (whatever gateway it is on), Enhance Mode, and the token quota pausing and resuming.
 */
describe.each(MODES)('live room state (%s mode)', (mode) => {
  // What translate-svc heard of a room's spending lapses soon (ROOM_SPENDING_TTL_MS, 2 s by default).
  const suite = describeStack({ mode, gateways: mode === 'distributed' ? 2 : 1, translate: { ROOM_SPENDING_TTL_MS: '100' } });
  let api: Api;
  /** Where viewers connect: the second gateway in distributed mode, so host events must cross the bus. */
  const viewerUrl = () => suite.stack.gateways[suite.stack.gateways.length - 1].baseUrl;
  const joined = (url: string, join: Record<string, unknown>) => suite.join(join, url);

  beforeAll(() => {
    api = authApi(suite.baseUrl);
  });

  beforeEach(() => suite.llm.reset());

  it("gives a reloaded host page the room's sentences so far, its own and a speaker's", async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Reloaded');
    const host = await joined(suite.baseUrl, { roomId: room.id, role: 'host', hostKey });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    for (const text of ['Uno', 'Dos', 'Tres']) host.send(transcript(crypto.randomUUID(), text));
    await host.waitFor((c) => c.of('ack').length === 3, 5000, 'acks');
    host.close();

    const again = await joined(suite.baseUrl, { roomId: room.id, role: 'host', hostKey });
    await again.waitFor((c) => c.of('transcript').length === 3, 5000, 'the log again');
    expect(again.of('transcript').map((t) => [t.seq, t.text, t.speakerName])).toEqual([
      [1, 'Uno', 'Host'],
      [2, 'Dos', 'Host'],
      [3, 'Tres', 'Host'],
    ]);
    expect(again.frames.findIndex((f) => f.type === 'joined')).toBeLessThan(again.frames.findIndex((f) => f.type === 'transcript'));
  });

  it('tells viewers whether the host is connected, on any gateway', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Host presence');
    const early = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'fr' });
    expect(early.of('joined')[0]).toMatchObject({ hostConnected: false });
    const host = await joined(suite.baseUrl, { roomId: room.id, role: 'host', hostKey });
    await early.waitFor((c) => c.of('host_status').some((f) => f.connected), 5000, 'host connected');
    expect(host.of('host_status')).toEqual([]);
    // A viewer arriving later learns it on joining, or right after.
    const late = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'de' });
    await late.waitFor(
      (c) => c.of('joined')[0]?.hostConnected === true || c.of('host_status').some((f) => f.connected),
      5000,
      'late viewer knows',
    );
    host.close();
    await early.waitFor((c) => c.of('host_status').at(-1)?.connected === false, 5000, 'host gone');
    await late.waitFor((c) => c.of('host_status').at(-1)?.connected === false, 5000, 'host gone (late viewer)');
  });

  it('Enhance Mode improves a sentence once for every language, and flags it', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Enhanced');
    const host = await joined(suite.baseUrl, { roomId: room.id, role: 'host', hostKey });
    const fr = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'fr' });
    const de = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'de' });
    const es = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'es' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await fr.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr', 'de', 'es');
    host.send(transcript(crypto.randomUUID(), 'hola a todos y bienvenidos', { enhance: true }));
    host.send(transcript(crypto.randomUUID(), 'sin mejorar esta frase', { enhance: false }));
    for (const viewer of [fr, de, es]) await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'translations');
    expect(suite.llm.calls.filter((c) => c.task === 'enhancement')).toHaveLength(1);
    expect(fr.of('translation')[0]).toMatchObject({ text: '(fr) Hola a todos y bienvenidos. [enhanced]', enhanced: true });
    expect(de.of('translation')[0]).toMatchObject({ text: '(de) Hola a todos y bienvenidos. [enhanced]', enhanced: true });
    expect(es.of('translation')[0]).toMatchObject({ text: 'Hola a todos y bienvenidos. [enhanced]', enhanced: true });
    expect(fr.of('translation')[1]).toMatchObject({ text: '(fr) sin mejorar esta frase' });
    expect(fr.of('translation')[1].enhanced).toBeUndefined();
    // A late viewer reads the same improved words, with no new call.
    const late = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'fr' });
    await late.waitFor((c) => c.of('translation').length === 2, 5000, 'history');
    expect(late.of('translation')[0]).toMatchObject({ text: '(fr) Hola a todos y bienvenidos. [enhanced]', enhanced: true });
    expect(suite.llm.calls.filter((c) => c.task === 'enhancement')).toHaveLength(1);
  });

  it('tells the host and the viewers when the quota is spent and when an admin reset it', async () => {
    const owner = await newUser(api, 'state-quota');
    const { room } = await ownedRoom(api, owner);
    const sql = new Client({ connectionString: suite.db.url });
    await sql.connect();
    try {
      const host = await joined(suite.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token });
      const viewer = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'fr' });
      expect(viewer.of('joined')[0].quotaExhausted).toBeUndefined();
      /** Says a sentence, and answers the French viewer's caption of it. */
      const say = async (text: string) => {
        const messageId = crypto.randomUUID();
        host.send(transcript(messageId, text));
        const of = (c: typeof viewer) => c.of('translation').find((t) => t.messageId === messageId);
        await viewer.waitFor((c) => of(c) !== undefined, 5000, `the caption of "${text}"`);
        return of(viewer) as NonNullable<ReturnType<typeof of>>;
      };
      host.send({ type: 'room_start', sourceLanguage: 'es' });
      await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
      await suite.readers(room.id, 'fr');
      host.send(transcript(crypto.randomUUID(), 'Primera'));
      await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first');
      // Every call holds its estimate first (about 1.7 times what such a call spends): a quota of twice what the first
      // call spent holds one more call after a reset, but not a second one now.
      const used = await eventually(async () => {
        const { rows } = await sql.query(`SELECT tokens_used FROM accounts.profiles WHERE id = $1`, [owner.userId]);
        return Number(rows[0].tokens_used) > 0 ? Number(rows[0].tokens_used) : undefined;
      }, 'the first call charged');
      await sql.query(`UPDATE accounts.profiles SET token_quota = $2 WHERE id = $1`, [owner.userId, 2 * used]);
      // The new quota counts once translate-svc's last answer on the room's spending lapses: sentences said before are translated.
      const second = await eventually(async () => {
        const said = await say('Segunda');
        return viewer.of('quota_exhausted').length === 1 && said;
      }, 'quota_exhausted (viewer)');
      await host.waitFor((c) => c.of('quota_exhausted').length === 1, 5000, 'quota_exhausted (host)');
      expect(second).toMatchObject({ fallback: 'original' });
      const late = await joined(viewerUrl(), { roomId: room.id, role: 'viewer', lang: 'de' });
      expect(late.of('joined')[0]).toMatchObject({ quotaExhausted: true });

      // The next calls carry more context than the second: the owner's plan is raised with the admin's reset.
      await sql.query(`UPDATE accounts.profiles SET token_quota = 100000 WHERE id = $1`, [owner.userId]);
      const admin = await newUser(api, 'admin', 'admin@example.com');
      expect((await api.call('POST', `/api/admin/users/${owner.userId}/reset-tokens`, undefined, admin.token)).status).toBe(200);
      // The reset is seen once translate-svc's last answer on the room's spending lapses: sentences said before are read untranslated.
      const third = await eventually(async () => {
        const said = await say('Tercera');
        return !said.fallback && said;
      }, 'translation resumed after the reset');
      await viewer.waitFor((c) => c.of('quota_restored').length === 1, 5000, 'quota_restored');
      expect(third).toMatchObject({ text: '(fr) Tercera' });
      expect(viewer.of('quota_exhausted')).toHaveLength(1);
    } finally {
      await sql.end();
    }
  });
});
