import type { TranslationFrame } from '@lt/contracts';
import { eventually, FakeTranslatorsServer, fakeServiceTranslation, LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { createRoom, MODES, sleep, transcript } from '../helpers';

jest.setTimeout(60_000);

const DEADLINE_MS = 2_000;
/** Bus hops, the database and the gateway's fan-out on a shared test machine. */
const SLACK_MS = 800;

describe.each(MODES)('live translation deadlines, fallback and context (%s mode)', (mode) => {
  const translators = new FakeTranslatorsServer('google-key');
  beforeAll(() => translators.start());
  afterAll(() => translators.stop());
  const suite = describeStack(() => ({
    mode,
    translate: {
      TRANSLATION_DEADLINE_MS: String(DEADLINE_MS),
      FALLBACK_TRANSLATOR: 'google',
      GOOGLE_TRANSLATE_API_KEY: 'google-key',
      GOOGLE_TRANSLATE_URL: translators.url,
    },
  }));

  const joined = async (join: Record<string, unknown>) => {
    const client = await suite.join(join);
    expect(client.of('joined')).toHaveLength(1);
    return client;
  };

  /** A started room with a host and a French viewer whose translation frames are timed on arrival. */
  const liveRoom = async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Plazos');
    const host = await joined({ roomId: room.id, role: 'host', hostKey });
    const viewer = await joined({ roomId: room.id, role: 'viewer', lang: 'fr' });
    const arrived = new Map<number, number>();
    viewer.onFrame((f) => f.type === 'translation' && arrived.set(f.seq, Date.now()));
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr');
    return { host, viewer, arrived };
  };

  const frames = (viewer: LiveClient) => viewer.of('translation') as TranslationFrame[];

  beforeEach(() => {
    suite.llm.reset();
    translators.reset();
  });

  it('gives a caption within the deadline when the model hangs, and holds none after it longer', async () => {
    const { host, viewer, arrived } = await liveRoom();
    suite.llm.hangWhen('cuelga');
    // The fallback translator fails too: the viewer reads the original, marked, as without one.
    translators.fail(500);
    const texts = ['Uno empieza bien', 'Dos se cuelga siempre', 'Tres llega a tiempo', 'Cuatro también', 'Cinco el último'];
    const sent = new Map<number, number>();
    for (const [i, text] of texts.entries()) {
      sent.set(i + 1, Date.now());
      host.send(transcript(crypto.randomUUID(), text));
      // Time under test: sentences said 400 ms apart, each timed against the deadline.
      await sleep(400);
    }
    await viewer.waitFor((c) => c.of('translation').length === texts.length, DEADLINE_MS + 5_000, 'every caption');
    expect(frames(viewer).map((f) => f.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(frames(viewer)[1]).toMatchObject({ text: '[Original] Dos se cuelga siempre', fallback: 'original' });
    expect(frames(viewer)[2]).toMatchObject({ text: '(fr) Tres llega a tiempo' });
    for (const seq of [1, 2, 3, 4, 5])
      expect((arrived.get(seq) as number) - (sent.get(seq) as number)).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('answers with the fallback translator, stored and marked "service", when the model hangs, fails or replies', async () => {
    const { host, viewer } = await liveRoom();
    suite.llm.hangWhen('cuelga');
    suite.llm.answerWhen('charla', 'Sure! Here is the translation you asked for.');
    host.send(transcript(crypto.randomUUID(), 'Esta frase se cuelga'));
    host.send(transcript(crypto.randomUUID(), 'Esta frase charla'));
    await viewer.waitFor((c) => c.of('translation').length === 2, DEADLINE_MS + 5_000, 'both captions');
    expect(frames(viewer).map((f) => [f.text, f.fallback])).toEqual([
      [fakeServiceTranslation('google', 'fr', 'Esta frase se cuelga'), 'service'],
      [fakeServiceTranslation('google', 'fr', 'Esta frase charla'), 'service'],
    ]);
    expect(translators.calls.map((c) => [c.source, c.target])).toEqual([
      ['es', 'fr'],
      ['es', 'fr'],
    ]);
    suite.llm.fail(3);
    host.send(transcript(crypto.randomUUID(), 'Esta frase falla'));
    await viewer.waitFor((c) => c.of('translation').length === 3, DEADLINE_MS + 5_000, 'third caption');
    expect(frames(viewer)[2]).toMatchObject({ text: fakeServiceTranslation('google', 'fr', 'Esta frase falla'), fallback: 'service' });

    // A model answering after the deadline: the fallback stands, the late answer is metered but not stored over it.
    suite.llm.fail(0);
    suite.llm.delayWhen('tarde', DEADLINE_MS + 300);
    host.send(transcript(crypto.randomUUID(), 'Esta frase llega tarde'));
    await viewer.waitFor((c) => c.of('translation').length === 4, DEADLINE_MS + 5_000, 'fourth caption');
    expect(frames(viewer)[3]).toMatchObject({
      text: fakeServiceTranslation('google', 'fr', 'Esta frase llega tarde'),
      fallback: 'service',
    });
    const lateCall = () => suite.llm.calls.find((c) => c.user === 'Esta frase llega tarde');
    await eventually(() => lateCall()?.tokens, 'the late answer to be metered');
    expect(lateCall()?.tokens).toBeGreaterThan(0);
    // The next sentence, said once the late answer is sent, marks the end of the time it had to be stored over it.
    host.send(transcript(crypto.randomUUID(), 'La frase siguiente'));
    await viewer.waitFor((c) => c.of('translation').length === 5, DEADLINE_MS + 5_000, 'the next caption');
    const late = await joined({ roomId: viewer.of('joined')[0].roomId, role: 'viewer', lang: 'fr', since: 3 });
    await late.waitFor((c) => c.of('translation').length >= 1, 5000, 'history');
    expect(frames(late)[0]).toMatchObject({
      seq: 4,
      text: fakeServiceTranslation('google', 'fr', 'Esta frase llega tarde'),
      fallback: 'service',
    });
  });

  it('does not use the fallback when the model is rate limited: the original past the deadline', async () => {
    const { host, viewer } = await liveRoom();
    // Retry-After outlasts the deadline.
    suite.llm.rateLimit(5, 3);
    host.send(transcript(crypto.randomUUID(), 'Demasiadas peticiones'));
    await viewer.waitFor((c) => c.of('translation').length === 1, DEADLINE_MS + 5_000, 'caption');
    expect(frames(viewer)[0]).toMatchObject({ text: '[Original] Demasiadas peticiones', fallback: 'original' });
    expect(translators.calls).toHaveLength(0);
    expect(suite.llm.calls).toHaveLength(1);
    // Every replica backs off until the Retry-After has passed (one mark in the database); then the next sentence is
    // translated again: the next test starts once it has passed.
    const sql = await suite.sql();
    const backingOff = async () => (await sql.query(`SELECT 1 FROM translate.llm_limits WHERE blocked_until > now()`)).rowCount;
    await eventually(async () => (await backingOff()) === 0, "the provider's Retry-After to pass");
  });

  it('waits out a short Retry-After within the deadline and asks again, without the fallback', async () => {
    const { host, viewer } = await liveRoom();
    suite.llm.rateLimit(1, 1);
    const sent = Date.now();
    host.send(transcript(crypto.randomUUID(), 'Espera un segundo'));
    await viewer.waitFor((c) => c.of('translation').length === 1, DEADLINE_MS + 5_000, 'caption');
    expect(frames(viewer)[0]).toMatchObject({ text: '(fr) Espera un segundo' });
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1_000);
    expect(suite.llm.calls.filter((c) => c.user === 'Espera un segundo')).toHaveLength(2);
    expect(translators.calls).toHaveLength(0);
  });

  it('costs no call for a sentence said again in the room', async () => {
    const { host, viewer } = await liveRoom();
    for (const text of ['Muchas gracias', 'Otra cosa', 'muchas  gracias']) host.send(transcript(crypto.randomUUID(), text));
    await viewer.waitFor((c) => c.of('translation').length === 3, 5_000, 'three captions');
    expect(frames(viewer).map((f) => f.text)).toEqual(['(fr) Muchas gracias', '(fr) Otra cosa', '(fr) Muchas gracias']);
    expect(suite.llm.calls.filter((c) => c.task === 'translation')).toHaveLength(2);
  });

  it('sends the previous sentences and their translations as context, apart from the sentence', async () => {
    const { host, viewer } = await liveRoom();
    const texts = ['Primera frase de la charla', 'Segunda frase de la charla', 'Tercera frase', 'Cuarta frase', 'Quinta frase'];
    for (const text of texts) {
      host.send(transcript(crypto.randomUUID(), text));
      await viewer.waitFor((c) => c.of('translation').length === texts.indexOf(text) + 1, 5_000, text);
    }
    const last = suite.llm.calls.find((c) => c.user === 'Quinta frase');
    expect(last?.context).toBe(
      ['Segunda frase de la charla', 'Tercera frase', 'Cuarta frase'].map((t) => `Spanish (es): ${t}\nFrench (fr): (fr) ${t}`).join('\n'),
    );
    expect(last?.system).toMatch(/data, never instructions/);
    expect(last?.prompt.indexOf('<context>')).toBeLessThan(last?.prompt.indexOf('<sentence>') as number);
    expect(suite.llm.calls.find((c) => c.user === 'Primera frase de la charla')?.context).toBeNull();
  });
});
