import type { Client } from 'pg';
import { GLOSSARY_LIMITS, GLOSSARY_SUBJECTS, LANGUAGES, type GlossaryChangedEvent, type GlossaryResponse } from '@lt/contracts';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(60_000);

const KUBERNETES = { term: 'Kubernetes', keep: true, translations: {} };
const KEYNOTE = { term: 'keynote', keep: false, translations: { es: 'ponencia' }, note: 'In this event' };

describe.each(MODES)('room glossaries (%s mode)', (mode) => {
  const suite = describeStack({ mode, llm: false });
  let api: Api;
  let sql: Client;
  let owner: TestUser;

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    sql = await suite.sql();
    owner = await newUser(api, 'glossary-owner');
  });

  const put = (roomId: string, body: unknown, token = owner.token) =>
    api.call<GlossaryResponse & { error?: { message: string; issues: { path: string; message: string }[] } }>(
      'PUT',
      `/api/rooms/${roomId}/glossary`,
      body,
      token,
    );
  const changes = (roomId: string) => {
    const events: GlossaryChangedEvent[] = [];
    const stop = suite.stack.bus.subscribe<GlossaryChangedEvent>(GLOSSARY_SUBJECTS.changed.subject(roomId), (e) => void events.push(e));
    return { events, stop };
  };

  it('stores the glossary, grows its version by one per change and tells translate-svc on the bus', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Cloud summit' });
    // The subscription goes out on the bus's connection before the request below, which is answered after it.
    const heard = changes(room.id);
    expect(await suite.stack.bus.request(GLOSSARY_SUBJECTS.get, { roomId: room.id })).toEqual({ roomId: room.id, version: 0, entries: [] });

    const first = await put(room.id, { entries: [{ ...KUBERNETES, term: '  Kubernetes ' }, KEYNOTE] });
    expect([first.status, first.body]).toEqual([200, { room_id: room.id, version: 1, entries: [KUBERNETES, KEYNOTE] }]);
    // The same entries again change nothing: no new version, no event.
    expect((await put(room.id, { entries: [KUBERNETES, KEYNOTE] })).body.version).toBe(1);
    expect((await put(room.id, { entries: [KEYNOTE] })).body.version).toBe(2);
    expect((await put(room.id, { entries: [] })).body).toEqual({ room_id: room.id, version: 3, entries: [] });

    expect(await suite.stack.bus.request(GLOSSARY_SUBJECTS.get, { roomId: room.id })).toEqual({ roomId: room.id, version: 3, entries: [] });
    await eventually(() => heard.events.length >= 3, 'three glossary changes announced');
    heard.stop();
    expect(heard.events).toEqual([1, 2, 3].map((version) => ({ roomId: room.id, version })));
    const missing = suite.stack.bus.request(GLOSSARY_SUBJECTS.get, { roomId: crypto.randomUUID() });
    await expect(missing).rejects.toMatchObject({ code: 'room_not_found' });
  });

  it('lets the host page of an anonymous room read and replace it with the host key in a header', async () => {
    const anonymous = await createRoom(suite.baseUrl, 'Walk-in');
    const headers = { 'x-host-key': anonymous.hostKey, 'content-type': 'application/json' };
    const path = `/api/rooms/${anonymous.room.id}/glossary`;
    const saved = await api.send<GlossaryResponse>('PUT', path, { headers, body: JSON.stringify({ entries: [KEYNOTE] }) });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ room_id: anonymous.room.id, version: 1, entries: [KEYNOTE] });
    expect((await api.send<GlossaryResponse>('GET', path, { headers })).body).toEqual(saved.body);
    // The key travels in the header only: one in the query is no key at all.
    expect((await api.send('GET', `${path}?hostKey=${anonymous.hostKey}`)).status).toBe(401);
  });

  it('names the entry and the field of every problem, and stores nothing', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Checked' });
    const res = await put(room.id, {
      entries: [
        KUBERNETES,
        { term: 'KUBERNETES', keep: true },
        { term: 'x', keep: false, translations: { fr: 'y'.repeat(201) } },
        { term: 'z', keep: false },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual([
      { path: 'entries.1.term', message: 'Entry 2, term: "KUBERNETES" repeats the term of entry 1' },
      { path: 'entries.2.fr', message: 'Entry 3, fr: The fr translation must be at most 200 characters (it has 201)' },
      { path: 'entries.3.keep', message: 'Entry 4, keep: Keep the term as it is, or give at least one translation' },
    ]);
    expect(res.body.error?.message).toBe('Entry 2, term: "KUBERNETES" repeats the term of entry 1');
    const tooMany = await put(room.id, {
      entries: Array.from({ length: GLOSSARY_LIMITS.maxEntries + 1 }, (_, i) => ({ term: `t${i}`, keep: true })),
    });
    expect([tooMany.status, tooMany.body.error?.issues[0].path]).toEqual([400, 'entries']);
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM rooms.room_glossaries WHERE room_id = $1', [room.id]);
    expect(rows[0].n).toBe(0);
  });

  it('takes a full glossary larger than other bodies, and refuses one over its byte limit', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Big' });
    // 500 entries translated into the eight languages of a large event; every language at full length is refused.
    const eventLanguages = LANGUAGES.slice(0, 8);
    const translations = Object.fromEntries(eventLanguages.map((l) => [l.code, `${l.code} translation of a rather long term`]));
    const full = Array.from({ length: GLOSSARY_LIMITS.maxEntries }, (_, i) => ({
      term: `Term number ${i}`,
      keep: false,
      translations,
      note: 'n',
    }));
    expect(JSON.stringify({ entries: full }).length).toBeGreaterThan(64 * 1024);
    const res = await put(room.id, { entries: full });
    expect([res.status, res.body.entries?.length]).toEqual([200, GLOSSARY_LIMITS.maxEntries]);
    const longest = Object.fromEntries(LANGUAGES.map((l) => [l.code, 't'.repeat(GLOSSARY_LIMITS.translationMax)]));
    const huge = full.map((e) => ({ ...e, translations: longest }));
    expect(JSON.stringify({ entries: huge }).length).toBeGreaterThan(GLOSSARY_LIMITS.bodyMaxBytes);
    expect((await put(room.id, { entries: huge })).status).toBe(413);
  });

  it('copies the glossary to a duplicated room, whose later changes are its own', async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Original' });
    await put(room.id, { entries: [KUBERNETES, KEYNOTE] });
    const copy = await api.call<{ id: string }>('POST', `/api/rooms/${room.id}/duplicate`, undefined, owner.token);
    expect(copy.status).toBe(201);
    const copied = await api.call<GlossaryResponse>('GET', `/api/rooms/${copy.body.id}/glossary`, undefined, owner.token);
    expect(copied.body).toEqual({ room_id: copy.body.id, version: 1, entries: [KUBERNETES, KEYNOTE] });
    await put(copy.body.id, { entries: [KEYNOTE] });
    const original = await api.call<GlossaryResponse>('GET', `/api/rooms/${room.id}/glossary`, undefined, owner.token);
    expect(original.body.entries).toEqual([KUBERNETES, KEYNOTE]);
  });
});
