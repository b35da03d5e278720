import { strFromU8, unzipSync } from 'fflate';
import { archiveManifestSchema, type OwnedRoom } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, speak, type Api, type TestUser } from '../dashboard-api';
import { MODES } from '../helpers';

jest.setTimeout(30_000);

describe.each(MODES)("the owner's archive (%s mode)", (mode) => {
  let stack: Stack;
  let api: Api;

  const suite = describeStack({ mode });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
  });

  const fetchArchive = async (token?: string) => {
    const res = await fetch(`${stack.baseUrl}/api/account/archive`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { res, type: res.headers.get('content-type') };
  };

  /** The caller's archive, unzipped; `json` reads one of its files. */
  const download = async (token: string) => {
    const { res, type } = await fetchArchive(token);
    expect({ status: res.status, type }).toEqual({ status: 200, type: 'application/zip' });
    apiContract.assert('GET', '/api/account/archive', res.status, '', type);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (path: string) => JSON.parse(strFromU8(files[path])) as unknown;
    return { disposition: res.headers.get('content-disposition'), files, json };
  };

  /** A room where two sentences were said and read in French, with a glossary, a summary and a question. */
  const talk = async (user: TestUser, name: string) => {
    const { room } = await ownedRoom(api, user, { name, retention: 'days_30', questions_enabled: true });
    const glossary = { entries: [{ term: 'Kubernetes', keep: true, note: `${name} note` }] };
    expect((await api.call('PUT', `/api/rooms/${room.id}/glossary`, glossary, user.token)).status).toBe(200);
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: user.token }, clients);
    // The viewer asks from its socket: its viewerId is the X-Client-Id of its question.
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', viewerId: `viewer-${name}-0001` }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const at = new Date().toISOString();
    await speak(host, [
      { id: crypto.randomUUID(), text: `${name} uno`, at, confidence: 0.9 },
      { id: crypto.randomUUID(), text: `${name} dos`, at, confidence: 0.9 },
    ]);
    await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'translations');
    const summary = await fetch(`${stack.baseUrl}/api/rooms/${room.id}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(summary.status).toBe(200);
    const asked = await api.send('POST', `/api/view/${room.id}/questions`, {
      headers: { 'content-type': 'application/json', 'x-client-id': `viewer-${name}-0001` },
      body: JSON.stringify({ text: `${name}: ¿habrá grabación?`, lang: 'es' }),
    });
    expect(asked.status).toBe(201);
    return { room, translations: viewer.of('translation') };
  };

  it('holds the profile, every room, and each transcript with its translations, summaries and glossary', async () => {
    const user = await newUser(api, 'archive');
    const other = await newUser(api, 'other');
    const { room, translations } = await talk(user, 'Charla');
    const { room: empty } = await ownedRoom(api, user, { name: 'Vacía' });
    const { room: theirs } = await talk(other, 'Ajena');

    const { disposition, files, json } = await download(user.token);
    expect(disposition).toBe('attachment; filename="live-translation-rooms-data.zip"');
    const manifest = archiveManifestSchema.parse(json('manifest.json'));
    expect(manifest.user_id).toBe(user.userId);
    expect(manifest.sections.map((s) => s.name)).toEqual(['profile', 'rooms']);
    // The manifest lists every file of the archive, once.
    expect(manifest.sections.flatMap((s) => s.files).sort()).toEqual(
      Object.keys(files)
        .filter((f) => f !== 'manifest.json')
        .sort(),
    );

    expect(json('profile.json')).toMatchObject({
      user: { id: user.userId, email: user.email },
      profile: { id: user.userId, plan_type: 'free' },
    });
    const rooms = json('rooms.json') as OwnedRoom[];
    expect(rooms.map((r) => r.id).sort()).toEqual([room.id, empty.id].sort());
    expect(rooms.find((r) => r.id === room.id)).toMatchObject({ name: 'Charla', retention: 'days_30' });

    const transcript = json(`rooms/${room.id}/transcript.json`) as { room_id: string; messages: Record<string, unknown>[] };
    expect(transcript.room_id).toBe(room.id);
    expect(transcript.messages).toEqual([
      expect.objectContaining({
        seq: 1,
        text: 'Charla uno',
        translations: { fr: expect.objectContaining({ text: translations[0].text }) },
      }),
      expect.objectContaining({
        seq: 2,
        text: 'Charla dos',
        translations: { fr: expect.objectContaining({ text: translations[1].text }) },
      }),
    ]);
    expect(json(`rooms/${room.id}/summaries.json`)).toMatchObject({ summaries: [expect.objectContaining({ lang: 'fr', upToSeq: 2 })] });
    expect(json(`rooms/${room.id}/glossary.json`)).toMatchObject({
      entries: [expect.objectContaining({ term: 'Kubernetes', note: 'Charla note' })],
    });
    expect(json(`rooms/${room.id}/questions.json`)).toMatchObject({
      room_id: room.id,
      questions: [expect.objectContaining({ text: 'Charla: ¿habrá grabación?', lang: 'es', votes: 0, status: 'open' })],
    });
    expect(json(`rooms/${empty.id}/transcript.json`)).toEqual({ room_id: empty.id, messages: [] });
    expect(json(`rooms/${empty.id}/questions.json`)).toEqual({ room_id: empty.id, questions: [] });

    // Nothing of another user's rooms.
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain(theirs.id);
    expect(everything).not.toContain('Ajena');
    expect(everything).not.toContain(other.email);
  });

  it('pages a long transcript in every language without losing or repeating a line', async () => {
    const user = await newUser(api, 'long');
    const { room } = await ownedRoom(api, user, { name: 'Larga' });
    // Stored as a long talk leaves it (more than a page of messages, and of translations), without speaking it for minutes.
    const count = 1234;
    const sql = await suite.sql();
    await sql.query(
      `INSERT INTO rooms.message_logs (room_id, message_id, seq, text, source_language, message_timestamp, speaker_id, speaker_name)
       SELECT $1, 'm' || n, n, 'Frase ' || n, 'es', now(), 'host', 'Host' FROM generate_series(1, $2) n`,
      [room.id, count],
    );
    await sql.query(
      `INSERT INTO translate.translations (room_id, message_id, seq, lang, text)
       SELECT $1, 'm' || n, n, lang, '(' || lang || ') Frase ' || n
       FROM generate_series(1, $2) n, unnest(ARRAY['de', 'fr', 'it', 'pt-BR']) lang`,
      [room.id, count],
    );

    const { json } = await download(user.token);
    type Line = { seq: number; text: string; translations: Record<string, { text: string }> };
    const { messages } = json(`rooms/${room.id}/transcript.json`) as { messages: Line[] };
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const m of messages) {
      expect(Object.keys(m.translations).sort()).toEqual(['de', 'fr', 'it', 'pt-BR']);
      expect(m.translations['pt-BR'].text).toBe(`(pt-BR) ${m.text}`);
    }
  });

  it('answers 401 without a session', async () => {
    const { res, type } = await fetchArchive();
    const body = await res.json();
    apiContract.assert('GET', '/api/account/archive', res.status, body, type);
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ error: { code: 'not_authenticated' } });
  });
});
