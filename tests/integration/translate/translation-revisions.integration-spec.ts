import type { GlossaryRevisionResponse, TranslationFrame } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(60_000);

describe.each(MODES)('lines translated again with a new glossary (%s mode)', (mode) => {
  const suite = describeStack({ mode, translate: { TRANSLATION_DEADLINE_MS: '3000' } });

  const joined = async (join: Record<string, unknown>) => {
    const client = await suite.join(join);
    expect(client.of('joined')).toHaveLength(1);
    return client;
  };

  const api = (roomId: string, hostKey: string) => ({
    setGlossary: async (entries: unknown[]) => {
      const res = await fetch(`${suite.baseUrl}/api/rooms/${roomId}/glossary`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-host-key': hostKey },
        body: JSON.stringify({ entries }),
      });
      expect(res.status).toBe(200);
    },
    revise: async (body?: unknown) => {
      const res = await fetch(`${suite.baseUrl}/api/rooms/${roomId}/glossary/revise`, {
        method: 'POST',
        headers: { 'x-host-key': hostKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as GlossaryRevisionResponse & { error?: { code: string } } };
    },
  });

  it('replaces the last lines for connected viewers, stores them, and sends them to a viewer resuming from a seq', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Revisiones');
    const { setGlossary, revise } = api(room.id, hostKey);
    const host = await joined({ roomId: room.id, role: 'host', hostKey });
    const french = await joined({ roomId: room.id, role: 'viewer', lang: 'fr' });
    const german = await joined({ roomId: room.id, role: 'viewer', lang: 'de' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await french.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr', 'de');
    const lines = ['La ponencia de hoy', 'Nada más que decir', 'Otra ponencia del taller'];
    for (const [i, text] of lines.entries()) {
      host.send(transcript(crypto.randomUUID(), text));
      for (const viewer of [french, german]) await viewer.waitFor((c) => c.of('translation').length === i + 1, 8000, text);
    }
    expect(french.of('translation').map((f) => f.text)).toEqual(lines.map((l) => `(fr) ${l}`));
    // The German viewer goes away with every line read; the glossary changes meanwhile.
    const germanSeq = german.of('translation')[2].seq;
    german.close();
    await setGlossary([{ term: 'ponencia', keep: false, translations: { fr: 'exposé', de: 'Vortrag' } }]);
    const callsBefore = suite.llm.calls.length;

    const two = await revise({ lines: 2 });
    expect(two.status).toBe(200);
    expect(two.body).toEqual({
      room_id: room.id,
      glossary_version: 1,
      lines: 2,
      languages: ['de', 'fr'],
      revised: 2,
      unchanged: 2,
      failed: 0,
    });
    // Each line of each language was asked again, with the entry in the system prompt where the term occurs.
    const asked = suite.llm.calls.slice(callsBefore).filter((c) => c.task === 'translation');
    expect(asked.map((c) => `${c.target} ${c.user}`).sort()).toEqual([
      'de Nada más que decir',
      'de Otra ponencia del taller',
      'fr Nada más que decir',
      'fr Otra ponencia del taller',
    ]);
    expect(asked.find((c) => c.target === 'fr' && c.user === lines[2])?.system).toMatch(/Translate "ponencia" as "exposé"\./);

    await french.waitFor((c) => c.of('translation_revised').length === 1, 5000, 'translation_revised');
    const revised = {
      type: 'translation_revised',
      messageId: french.of('translation')[2].messageId,
      seq: germanSeq,
      lang: 'fr',
      text: '(fr) Otra exposé del taller',
      glossaryVersion: 1,
    };
    expect(french.of('translation_revised')).toEqual([revised]);

    // Resuming from the last seq it read, the German viewer gets the line revised while it was away.
    const back = await joined({ roomId: room.id, role: 'viewer', lang: 'de', since: germanSeq });
    await back.waitFor((c) => c.of('translation_revised').length === 1, 5000, 'revision on resume');
    expect(back.of('translation_revised')[0]).toMatchObject({
      seq: germanSeq,
      lang: 'de',
      text: '(de) Otra Vortrag del taller',
      glossaryVersion: 1,
    });
    expect(back.of('translation')).toEqual([]);
    // A newcomer reads the stored translations: revised where they were, as they were elsewhere.
    const newcomer = await joined({ roomId: room.id, role: 'viewer', lang: 'de' });
    await newcomer.waitFor((c) => c.of('translation').length === 3, 5000, 'history');
    expect(newcomer.of('translation').map((f: TranslationFrame) => f.text)).toEqual([
      '(de) La ponencia de hoy',
      '(de) Nada más que decir',
      '(de) Otra Vortrag del taller',
    ]);

    // Without a body, the last 5 lines (all 3 here): only the first one changes now.
    const all = await revise();
    expect(all.body).toMatchObject({ lines: 3, revised: 2, unchanged: 4, failed: 0 });
    await french.waitFor((c) => c.of('translation_revised').length >= 2, 5000, 'second revision');
    // The next revision marks the end of the first: that one came once, the line's first revision right after it.
    expect(french.of('translation_revised')).toEqual([
      revised,
      expect.objectContaining({ seq: germanSeq - 2, text: '(fr) La exposé de hoy' }),
    ]);
    await back.waitFor((c) => c.of('translation_revised').length === 2, 5000, 'second revision (de)');
    expect(back.of('translation_revised')[1]).toMatchObject({ seq: germanSeq - 2, text: '(de) La Vortrag de hoy' });
  });

  it('refuses a wrong host key and invalid line counts, and answers a room without lines', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Vacía');
    const { revise } = api(room.id, hostKey);
    expect(await revise({})).toEqual({
      status: 200,
      body: { room_id: room.id, glossary_version: 0, lines: 0, languages: [], revised: 0, unchanged: 0, failed: 0 },
    });
    for (const lines of [0, 21, 1.5, '5', null]) {
      const res = await revise({ lines });
      expect([lines, res.status, res.body.error?.code]).toEqual([lines, 400, 'validation_failed']);
    }
    const wrong = await api(room.id, 'x'.repeat(43)).revise({ lines: 1 });
    expect([wrong.status, wrong.body.error?.code]).toEqual([403, 'invalid_host_key']);
  });
});
