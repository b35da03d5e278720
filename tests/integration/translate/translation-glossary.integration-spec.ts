import type { GlossaryEntry, TranslationFrame } from '@lt/contracts';
import { GlossaryService } from '@lt/translate';
import { eventually, FakeTranslatorsServer, fakeServiceTranslation, type FakeOpenAiServer } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(60_000);

describe.each(MODES)('room glossaries in translations, enhancements and summaries (%s mode)', (mode) => {
  // Declared before the stack's hooks: the fallback translator answers before the stack starts.
  const translators = new FakeTranslatorsServer('k');
  beforeAll(() => translators.start());
  afterAll(() => translators.stop());
  const suite = describeStack(() => ({
    mode,
    translate: { FALLBACK_TRANSLATOR: 'deepl', DEEPL_API_KEY: 'k', DEEPL_URL: translators.url, TRANSLATION_DEADLINE_MS: '3000' },
  }));
  let llm: FakeOpenAiServer;
  let stack: Stack;

  const joined = async (join: Record<string, unknown>) => {
    const client = await suite.join(join);
    expect(client.of('joined')).toHaveLength(1);
    return client;
  };

  const liveRoom = async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Glosario');
    // The host page saves the glossary through the API with the host key; rooms-svc stores it and announces the change.
    const setGlossary = async (entries: GlossaryEntry[]) => {
      const res = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/glossary`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-host-key': hostKey },
        body: JSON.stringify({ entries }),
      });
      expect(res.status).toBe(200);
      const { version } = (await res.json()) as { version: number };
      const held = (stack.service('translate-svc') ?? stack.gateways[0].app).get(GlossaryService);
      await eventually(async () => (await held.forText(room.id, '')).version === version, `translate-svc to hold glossary v${version}`);
    };
    const host = await joined({ roomId: room.id, role: 'host', hostKey });
    const viewer = await joined({ roomId: room.id, role: 'viewer', lang: 'fr' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr');
    let count = 0;
    const say = async (text: string, extra: Record<string, unknown> = {}) => {
      count += 1;
      host.send(transcript(crypto.randomUUID(), text, extra));
      await viewer.waitFor((c) => c.of('translation').length === count, 8_000, text);
      return viewer.of('translation')[count - 1] as TranslationFrame;
    };
    return { roomId: room.id, say, setGlossary };
  };

  const systemOf = (sentence: string) => llm.calls.find((c) => c.task === 'translation' && c.user === sentence)?.system ?? '';

  beforeAll(() => {
    ({ stack, llm } = suite);
  });

  beforeEach(() => {
    llm.reset();
    translators.reset();
  });

  it('puts the entries that occur in the sentence in the system prompt, and reads the new glossary once it changed', async () => {
    const { say, setGlossary } = await liveRoom();
    await setGlossary([
      { term: 'Acme Cloud', keep: true, translations: {}, note: 'el producto' },
      { term: 'ponencia', keep: false, translations: { fr: 'exposé' } },
      { term: 'taller', keep: false, translations: { fr: 'atelier' } },
    ]);
    await say('La ponencia de Acme Cloud');
    expect(systemOf('La ponencia de Acme Cloud')).toMatch(
      /Keep "Acme Cloud" exactly as it is, untranslated\. \(el producto\)\n- Translate "ponencia" as "exposé"\.$/,
    );
    expect(systemOf('La ponencia de Acme Cloud')).not.toMatch(/taller/);
    await say('Nada que ver aquí');
    expect(systemOf('Nada que ver aquí')).not.toMatch(/Glossary/);

    await say('Otra ponencia');
    expect(systemOf('Otra ponencia')).toMatch(/"exposé"/);
    // An edit applies from the next sentence: the change event drops the cached version.
    await setGlossary([{ term: 'ponencia', keep: false, translations: { fr: 'conférence' } }]);
    await say('La última ponencia');
    expect(systemOf('La última ponencia')).toMatch(/Translate "ponencia" as "conférence"\./);
  });

  it('applies the glossary to Enhance Mode and to summaries', async () => {
    const { roomId, say, setGlossary } = await liveRoom();
    await setGlossary([{ term: 'Acme', keep: true, translations: {} }]);
    await say('hoy hablamos de acme y más', { enhance: true });
    expect(llm.calls.find((c) => c.task === 'enhancement')?.system).toMatch(/Keep "Acme" exactly as it is/);
    const res = await fetch(`${stack.baseUrl}/api/rooms/${roomId}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(res.status).toBe(200);
    expect(llm.calls.find((c) => c.task === 'summary')?.system).toMatch(/Keep "Acme" exactly as it is/);
  });

  it('has the fallback translator leave the terms to keep alone', async () => {
    const { say, setGlossary } = await liveRoom();
    await setGlossary([{ term: 'Acme Cloud', keep: true, translations: {} }]);
    llm.fail(5);
    const frame = await say('Bienvenidos a Acme Cloud');
    expect(translators.calls[0].text).not.toMatch(/Acme/);
    expect(frame).toMatchObject({ fallback: 'service', text: fakeServiceTranslation('deepl', 'FR', 'Bienvenidos a Acme Cloud') });
  });
});
