import { AudioClient, eventually, sentencesAudio } from '@lt/testing';
import { deepgramOf, describeAsrStack } from '../asr-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(60_000);

/**
 * The glossary editor's list of the terms the recogniser is given (GET /api/rooms/{id}/glossary/vocabulary):
 * the room's saved terms within the provider's limit, for the room's owner or host-key holder only, fresh
 * after each save, and the very terms a provider session is opened with.
 */
describe.each(MODES)('the glossary terms sent to the recogniser (%s mode)', (mode) => {
  const env = describeAsrStack(mode, {
    fake: { apiKey: 'asr-key' },
    asr: (f) => deepgramOf(f),
  });

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${env.stack.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('answers the saved terms, each once and within the limit, to the host key; a session opens with them', async () => {
    const { room, hostKey } = await createRoom(env.stack.baseUrl, 'Vocabulary');
    const key = { 'x-host-key': hostKey };
    const entries = [
      { term: 'Kubernetes', keep: true },
      { term: 'Ana Pérez', keep: true },
      { term: 'x'.repeat(60), keep: true },
      { term: 'budget', keep: false, translations: { fr: 'budget' } },
    ];
    expect((await call('PUT', `/api/rooms/${room.id}/glossary`, key, { entries })).status).toBe(200);
    const path = `/api/rooms/${room.id}/glossary/vocabulary`;
    const res = await call('GET', path, key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      room_id: room.id,
      provider: 'deepgram',
      sent: ['Kubernetes', 'Ana Pérez', 'budget'],
      omitted: 0,
      limit: 100,
    });

    // A save is seen at once (asr-svc drops its cached terms when the glossary changes).
    await call('PUT', `/api/rooms/${room.id}/glossary`, key, { entries: [{ term: 'Acme Cloud', keep: true }] });
    await eventually(async () => ((await (await call('GET', path, key)).json()) as { sent: string[] }).sent.join() === 'Acme Cloud');

    const audio = await AudioClient.start(env.stack.baseUrl, {
      roomId: room.id,
      role: 'host',
      hostKey,
      streamId: crypto.randomUUID(),
      sourceLanguage: 'en',
      sampleRate: 16000,
    });
    await audio.stream(sentencesAudio(1, 16000).slice(0, 3));
    const session = await eventually(() => env.fake.sessions.find((s) => s.query.keyterm?.includes('Acme Cloud')));
    expect(session.query.keyterm).toEqual(['Acme Cloud']);
    audio.close();
  });

  it('refuses whoever holds neither the host key nor the owner’s session', async () => {
    const anonymous = await createRoom(env.stack.baseUrl, 'Vocabulary keys');
    const wrongKey = anonymous.hostKey.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const path = `/api/rooms/${anonymous.room.id}/glossary/vocabulary`;
    expect((await call('GET', path, {})).status).toBe(401);
    expect((await call('GET', path, { 'x-host-key': wrongKey })).status).toBe(403);

    const api = authApi(env.stack.baseUrl);
    const [owner, other] = [await newUser(api, 'vocab-owner'), await newUser(api, 'vocab-other')];
    const { room } = await ownedRoom(api, owner);
    const owned = `/api/rooms/${room.id}/glossary/vocabulary`;
    expect((await call('GET', owned, { authorization: `Bearer ${owner.token}` })).status).toBe(200);
    expect((await call('GET', owned, { authorization: `Bearer ${other.token}` })).status).toBe(404);
  });
});
